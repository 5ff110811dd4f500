import { checkCustomToolSpec, CustomToolSpec } from '../../../../core/domain/tool/custom-tool-spec';

const httpSpec = (overrides: Partial<CustomToolSpec> = {}): CustomToolSpec => ({
  name: 'get_weather',
  description: '  Weather for a city  ',
  kind: 'http',
  config: { url: 'https://api.example.com/w?q={{city}}', method: 'post', bodyTemplate: { city: '{{city}}' }, auth: { type: 'bearer', secret: 's3cret' } },
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  ...overrides,
});

const fields = (spec: CustomToolSpec) => {
  const check = checkCustomToolSpec(spec);
  return check.ok ? [] : check.issues.map((i) => i.field);
};

describe('Custom tool spec', () => {
  it('When an http tool is valid, Then it is normalised and its secret is handed back apart from the config', () => {
    const check = checkCustomToolSpec(httpSpec());
    expect(check).toEqual({
      ok: true,
      value: {
        fields: {
          name: 'get_weather',
          description: 'Weather for a city',
          kind: 'http',
          category: 'web',
          inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
          outputSchema: {},
          config: {
            url: 'https://api.example.com/w?q={{city}}',
            method: 'POST',
            headers: {},
            bodyTemplate: { city: '{{city}}' },
            responseMapping: null,
            auth: { type: 'bearer' },
          },
        },
        secret: 's3cret',
        keepsSecret: false,
      },
    });
  });

  it('When a code tool is valid, Then its category defaults to code', () => {
    const check = checkCustomToolSpec({ ...httpSpec(), kind: 'code', config: { code: 'function main(input) { return 1; }' } });
    expect(check).toMatchObject({ ok: true, value: { fields: { kind: 'code', category: 'code', config: { code: 'function main(input) { return 1; }' } } } });
  });

  it('When auth is given without a secret, Then the stored secret is to be kept', () => {
    const check = checkCustomToolSpec(httpSpec({ config: { url: 'https://x.example', auth: { type: 'header', headerName: 'X-Api-Key' } } }));
    expect(check).toMatchObject({ ok: true, value: { keepsSecret: true, fields: { config: { auth: { type: 'header', headerName: 'x-api-key' } } } } });
  });

  it.each(['https://{{tenant}}.example.com/w', 'https://api.example.com{{suffix}}/w', 'https://{{host}}/w', 'https://api.{{zone}}/w?q={{city}}'])(
    'When a tool that sends a credential takes its host from an argument (%s), Then config.url is refused',
    (url) => {
      expect(fields(httpSpec({ config: { url, auth: { type: 'bearer', secret: 's3cret' } } }))).toEqual(['config.url']);
      expect(fields(httpSpec({ config: { url, auth: null } }))).toEqual([]);
    },
  );

  it('When a stored header value or the secret is not single-line Latin-1, Then each is refused by field', () => {
    const spec = httpSpec({
      config: { url: 'https://api.example.com/w', headers: { 'X-City': '東京', 'X-Ok': 'Zürich' }, auth: { type: 'bearer', secret: 'sk-☕' } },
    });
    expect(fields(spec)).toEqual(['config.headers.X-City', 'config.auth.secret']);
  });

  it('When a tool that sends a credential takes only its path or query from arguments, Then it is accepted', () => {
    expect(fields(httpSpec({ config: { url: 'https://api.example.com/{{path}}/w?q={{city}}#{{frag}}', auth: { type: 'bearer', secret: 's3cret' } } }))).toEqual(
      [],
    );
  });

  it('When many fields are wrong, Then every problem is reported at once by wire field name', () => {
    const spec = httpSpec({
      name: '1 bad name',
      description: '',
      category: 'nope',
      inputSchema: { type: 'string' },
      config: {
        url: 'ftp://files.example.com',
        method: 'TRACE',
        headers: { 'X-Api-Key': 'plain', 'bad header': 'x', accept: 'a\r\nb' },
        responseMapping: 'a..b',
        auth: { type: 'basic' },
      },
    });
    expect(fields(spec)).toEqual([
      'name',
      'description',
      'category',
      'input_schema',
      'config.url',
      'config.method',
      'config.headers.X-Api-Key',
      'config.headers.bad header',
      'config.headers.accept',
      'config.response_mapping',
      'config.auth.type',
    ]);
  });

  it.each([
    ['credentials in the URL', { url: 'https://user:pw@api.example.com' }, 'config.url'],
    ['a relative URL', { url: '/relative' }, 'config.url'],
    ['a body on GET', { url: 'https://x.example', method: 'GET', bodyTemplate: 'x' }, 'config.body_template'],
    ['a header auth without a header name', { url: 'https://x.example', auth: { type: 'header', secret: 's' } }, 'config.auth.header_name'],
    ['a secret with a line break', { url: 'https://x.example', auth: { type: 'bearer', secret: 'a\nb' } }, 'config.auth.secret'],
    ['a cookie header', { url: 'https://x.example', headers: { Cookie: 'a=b' } }, 'config.headers.Cookie'],
  ])('When the http config has %s, Then it is refused', (_name, config, field) => {
    expect(fields(httpSpec({ config }))).toEqual([field]);
  });

  it.each([
    ['empty', ''],
    ['without a main function', 'function run() {}'],
    ['too long', `function main() {} //${'x'.repeat(70_000)}`],
  ])('When the code is %s, Then config.code is refused', (_name, code) => {
    expect(fields({ ...httpSpec(), kind: 'code', config: { code } })).toEqual(['config.code']);
  });

  it('When the kind is unknown, Then kind is reported', () => {
    expect(fields(httpSpec({ kind: 'sql' }))).toEqual(['kind']);
  });

  it('When a schema nests too deep, Then it is refused before anything walks it recursively', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 10_000; i += 1) deep = { items: deep };
    expect(fields(httpSpec({ outputSchema: deep as never }))).toEqual(['output_schema']);
  });
});
