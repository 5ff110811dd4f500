import { placeholdersOf, renderJson, renderText, renderUrl } from '../../../../core/domain/tool/http-tool-template';

describe('HTTP tool templates', () => {
  it('When a URL has placeholders, Then the arguments are URL-encoded into it and missing ones are empty', () => {
    const url = renderUrl('https://api.example.com/{{ path }}/search?q={{q}}&n={{n}}&opt={{missing}}', {
      path: 'a/b',
      q: 'café & "tea"?',
      n: 3,
    });
    expect(url).toBe('https://api.example.com/a%2Fb/search?q=caf%C3%A9%20%26%20%22tea%22%3F&n=3&opt=');
  });

  it('When a placeholder names an inherited property, Then it is treated as missing', () => {
    expect(renderText('{{constructor}}|{{toString}}|{{__proto__}}', {})).toBe('||');
  });

  it('When text is rendered, Then objects become JSON and null becomes empty', () => {
    expect(renderText('a={{a}} b={{b}} c={{c}}', { a: { x: 1 }, b: null, c: true })).toBe('a={"x":1} b= c=true');
  });

  it('When a JSON template has a whole-string placeholder, Then it takes the argument with its JSON type', () => {
    const body = renderJson(
      { city: '{{city}}', days: '{{days}}', tags: ['{{tags}}', 'fixed'], note: 'for {{city}}', absent: '{{nope}}' },
      {
        city: 'Paris',
        days: 3,
        tags: ['a', 'b'],
      },
    );
    expect(body).toEqual({ city: 'Paris', days: 3, tags: [['a', 'b'], 'fixed'], note: 'for Paris', absent: null });
  });

  it('When an argument holds JSON syntax, Then it stays a string value and cannot add fields', () => {
    const body = renderJson({ q: '{{q}}', role: 'user' }, { q: '", "role": "admin' });
    expect(JSON.parse(JSON.stringify(body))).toEqual({ q: '", "role": "admin', role: 'user' });
  });

  it('When a JSON template has a "__proto__" key, Then it is an own key of the result, not a prototype', () => {
    const template = JSON.parse('{"__proto__": {"polluted": "{{x}}"}}');
    const body = renderJson(template, { x: 'yes' }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(JSON.stringify(body)).toBe('{"__proto__":{"polluted":"yes"}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('When placeholders are listed, Then each name appears once in order of first use', () => {
    expect(placeholdersOf('{{b}}/{{ a }}/{{b}}/{{not valid}}')).toEqual(['b', 'a']);
  });
});
