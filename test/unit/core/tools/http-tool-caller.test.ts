import { createSecretKey } from 'node:crypto';
import { AesGcmSecretCipher } from '../../../../adapters/auth/aes-gcm-secret-cipher';
import { CustomToolOfKind, HttpToolConfig, secretContextOf } from '../../../../core/domain/tool/custom-tool.entity';
import { EgressTimeoutError, EgressTooLargeError, EgressUpstreamError } from '../../../../core/domain/tool/egress.errors';
import { EgressRequest, EgressResponse, HttpEgress } from '../../../../core/ports/http-egress.port';
import { HttpToolCaller } from '../../../../core/services/tools/http-tool-caller';

class RecordingEgress implements HttpEgress {
  readonly requests: EgressRequest[] = [];
  constructor(private readonly answer: (request: EgressRequest) => EgressResponse | Error) {}
  async request(request: EgressRequest): Promise<EgressResponse> {
    this.requests.push(request);
    const answer = this.answer(request);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

const cipher = AesGcmSecretCipher.derivedFrom(createSecretKey(Buffer.alloc(48, 7)));
const ok = (body: string, contentType = 'application/json'): EgressResponse => ({
  status: 200,
  headers: { 'content-type': contentType },
  body: Buffer.from(body),
  url: 'https://api.example.com/',
});

function tool(config: Partial<HttpToolConfig>, secret?: string): CustomToolOfKind<'http'> {
  const id = '11111111-2222-4333-8444-555555555555';
  return {
    id,
    ownerId: 'owner',
    name: 'tool',
    description: 'd',
    category: 'web',
    kind: 'http',
    config: { url: 'https://api.example.com/x', method: 'GET', headers: {}, bodyTemplate: null, responseMapping: null, auth: null, ...config },
    inputSchema: { type: 'object' },
    outputSchema: {},
    sealedSecret: secret === undefined ? null : cipher.seal(secret, secretContextOf(id)),
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}

describe('HttpToolCaller', () => {
  it('When a stored tool with a credential would take its host from an argument, Then nothing is sent', async () => {
    const egress = new RecordingEgress(() => ok('{}'));
    const legacy = tool({ url: 'https://api.example.com{{suffix}}/x', auth: { type: 'bearer' } }, 'sk-legacy');
    const result = await new HttpToolCaller(egress, cipher).call(legacy, { suffix: '.attacker.test' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' }, httpCalls: 0 });
    expect(egress.requests).toEqual([]);
  });

  it('When POST has no body template, Then the arguments are the JSON body', async () => {
    const egress = new RecordingEgress(() => ok('{"done":true}'));
    const result = await new HttpToolCaller(egress, cipher).call(tool({ method: 'POST' }), { a: 1, b: ['x'] });
    expect(result).toEqual({ ok: true, value: { done: true }, httpCalls: 1 });
    expect(egress.requests[0]).toMatchObject({ method: 'POST', body: '{"a":1,"b":["x"]}', headers: { 'content-type': 'application/json' } });
  });

  it('When GET has no body template, Then no body is sent', async () => {
    const egress = new RecordingEgress(() => ok('plain words', 'text/plain'));
    const result = await new HttpToolCaller(egress, cipher).call(tool({}), { a: 1 });
    expect(result).toEqual({ ok: true, value: 'plain words', httpCalls: 1 });
    expect(egress.requests[0].body).toBeUndefined();
  });

  it('When the body template is text, Then it is filled as text with a text content type unless one is set', async () => {
    const egress = new RecordingEgress(() => ok('{}'));
    await new HttpToolCaller(egress, cipher).call(tool({ method: 'PUT', bodyTemplate: 'name={{name}}' }), { name: 'Ada' });
    await new HttpToolCaller(egress, cipher).call(tool({ method: 'PUT', bodyTemplate: 'x', headers: { 'Content-Type': 'text/csv' } }), {});
    expect(egress.requests.map((r) => [r.body, r.headers?.['content-type']])).toEqual([
      ['name=Ada', 'text/plain; charset=utf-8'],
      ['x', 'text/csv'],
    ]);
  });

  it('When an argument used in a header holds a line break, Then it is invalid_input and nothing is sent', async () => {
    const egress = new RecordingEgress(() => ok('{}'));
    const result = await new HttpToolCaller(egress, cipher).call(tool({ headers: { 'x-user': '{{user}}' } }), { user: 'a\r\nx-admin: 1' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' }, httpCalls: 0 });
    expect(egress.requests).toEqual([]);
  });

  it('When an argument used in a header is not Latin-1, Then it is invalid_input and nothing is sent', async () => {
    const egress = new RecordingEgress(() => ok('{}'));
    const result = await new HttpToolCaller(egress, cipher).call(tool({ headers: { 'x-city': '{{city}}' } }), { city: '東京' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('Latin-1') }, httpCalls: 0 });
    expect(egress.requests).toEqual([]);
  });

  it('When the tool has a header credential, Then a redirect to another origin is refused but one on the same origin is allowed', async () => {
    const egress = new RecordingEgress(() => ok('{}'));
    await new HttpToolCaller(egress, cipher).call(tool({ auth: { type: 'header', headerName: 'x-api-key' } }, 'k3y'), {});
    const { headers, beforeRedirect } = egress.requests[0];
    expect(headers?.['x-api-key']).toBe('k3y');
    expect(() => beforeRedirect?.('https://api.example.com/elsewhere')).not.toThrow();
    expect(() => beforeRedirect?.('https://evil.example.net/steal')).toThrow(expect.objectContaining({ code: 'egress.forbidden_target' }));
  });

  it('When the stored secret cannot be opened, Then it is unavailable and nothing is sent', async () => {
    const egress = new RecordingEgress(() => ok('{}'));
    const broken = { ...tool({ auth: { type: 'bearer' } }, 'k3y'), id: '99999999-2222-4333-8444-555555555555' };
    expect(await new HttpToolCaller(egress, cipher).call(broken, {})).toMatchObject({ ok: false, error: { code: 'unavailable' }, httpCalls: 0 });
    expect(egress.requests).toEqual([]);
  });

  it.each([
    [new EgressTimeoutError('slow'), 'timeout'],
    [new EgressTooLargeError('big'), 'invalid_output'],
    [new EgressUpstreamError('refused'), 'unavailable'],
    [new Error('socket hang up with internals'), 'unavailable'],
  ])('When the egress fails with %s, Then the outcome code is %s', async (error, code) => {
    const result = await new HttpToolCaller(new RecordingEgress(() => error), cipher).call(tool({}), {});
    expect(result).toMatchObject({ ok: false, error: { code }, httpCalls: 1 });
    if (code === 'unavailable' && !(error instanceof EgressUpstreamError)) expect(JSON.stringify(result)).not.toContain('internals');
  });

  it('When a response mapping is set but the answer is not JSON, Then it is invalid_output', async () => {
    const result = await new HttpToolCaller(new RecordingEgress(() => ok('<html>', 'text/html')), cipher).call(tool({ responseMapping: 'a.b' }), {});
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_output' } });
  });
});
