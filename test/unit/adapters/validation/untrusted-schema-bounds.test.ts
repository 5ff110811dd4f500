import { checkUntrustedSchemaBounds } from '../../../../adapters/validation/untrusted-schema-bounds';
import { JsonSchema, JsonValue } from '../../../../core/shared/json';

const issuesOf = (schema: JsonValue) => {
  const checked = checkUntrustedSchemaBounds(schema);
  return checked.ok ? [] : checked.error;
};
const props = (count: number, each: (index: number) => JsonSchema): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, each(index)])),
});
/** `{anyOf: [{$ref: next}, {$ref: next}]}` on every level: 2^levels paths to the last one. */
const doublingChain = (levels: number): JsonSchema => {
  const definitions: Record<string, JsonSchema> = { [`l${levels}`]: { type: 'string' } };
  for (let level = 0; level < levels; level += 1) {
    definitions[`l${level}`] = { anyOf: [{ $ref: `#/definitions/l${level + 1}` }, { $ref: `#/definitions/l${level + 1}` }] };
  }
  return { definitions, $ref: '#/definitions/l0' };
};

describe('checkUntrustedSchemaBounds', () => {
  it('When a schema is an ordinary tool schema, Then it passes with a cost model', () => {
    const schema = {
      type: 'object',
      required: ['city'],
      additionalProperties: false,
      properties: {
        city: { type: 'string', pattern: '^[A-Z]', maxLength: 80 },
        days: { type: 'array', maxItems: 7, uniqueItems: true, items: { enum: [1, 2, 3] } },
      },
    };
    expect(checkUntrustedSchemaBounds(schema)).toMatchObject({ ok: true, value: { checks: expect.any(Number) } });
  });

  it('When subschemas nest 33 deep, Then the nesting is refused; 32 pass', () => {
    const nested = (depth: number): JsonSchema => (depth === 1 ? { type: 'string' } : { type: 'array', items: nested(depth - 1) });
    expect(issuesOf(nested(32))).toEqual([]);
    expect(issuesOf(nested(33))).toEqual([{ field: '', message: expect.stringContaining('more than 32 levels deep') }]);
  });

  it('When $refs chain 33 levels although the document is shallow, Then each $ref counts as a level', () => {
    const definitions: Record<string, JsonSchema> = { d40: { type: 'string' } };
    for (let level = 0; level < 40; level += 1) definitions[`d${level}`] = { $ref: `#/definitions/d${level + 1}` };
    expect(issuesOf({ definitions, $ref: '#/definitions/d0' })).toEqual([{ field: '', message: expect.stringContaining('more than 32 levels deep') }]);
  });

  it('When an anyOf or a properties holds 33 entries, Then the fan-out is refused where it is; 32 pass', () => {
    const branches = (count: number) => Array.from({ length: count }, (_, value) => ({ const: value }));
    expect(issuesOf({ anyOf: branches(32) })).toEqual([]);
    expect(issuesOf({ anyOf: branches(33) })).toEqual([{ field: '/anyOf', message: 'must have at most 32 entries' }]);
    expect(issuesOf({ type: 'object', properties: { inner: props(33, () => ({ type: 'string' })) } })).toEqual([
      { field: '/properties/inner/properties', message: 'must have at most 32 keys' },
    ]);
    expect(issuesOf(props(32, () => ({ type: 'string' })))).toEqual([]);
  });

  it('When a chain of anyOf and $ref doubles at each level, Then it is refused by its expanded size although it is small as written', () => {
    const chain = doublingChain(12);
    expect(JSON.stringify(chain).length).toBeLessThan(1200);
    expect(issuesOf(chain)).toEqual([{ field: '', message: expect.stringContaining('more than 5000 JSON values once every $ref is expanded') }]);
  });

  it('When a schema expands past 5000 values through shared definitions, Then it is refused', () => {
    const schema = {
      definitions: { leaf: { type: 'integer', minimum: 0, maximum: 9 }, row: props(32, () => ({ $ref: '#/definitions/leaf' })) },
      ...props(32, () => ({ $ref: '#/definitions/row' })),
    };
    expect(issuesOf(schema)).toEqual([{ field: '', message: expect.stringContaining('more than 5000 JSON values') }]);
  });

  it('When one value could be checked against more than 64 subschemas, Then the schema is refused naming the place', () => {
    const pairs = Array.from({ length: 32 }, () => ({ anyOf: [{ type: 'string' }, { type: 'number' }] }));
    expect(issuesOf({ type: 'object', properties: { a: { anyOf: pairs } } })).toEqual([
      { field: '', message: 'lets one value (at /a) be checked against more than 64 subschemas' },
    ]);
  });

  it('When a recursive $ref descends into the data once per level (a tree), Then it passes', () => {
    expect(issuesOf({ type: 'object', properties: { value: { type: 'integer' }, left: { $ref: '#' }, right: { $ref: '#' } } })).toEqual([]);
    expect(
      issuesOf({
        definitions: { list: { anyOf: [{ type: 'null' }, { type: 'object', properties: { next: { $ref: '#/definitions/list' } } }] } },
        $ref: '#/definitions/list',
      }),
    ).toEqual([]);
  });

  it('When a recursive $ref applies itself twice per level, Then the exponential blow-up is refused', () => {
    expect(issuesOf({ type: 'object', properties: { a: { anyOf: [{ $ref: '#' }, { $ref: '#' }] } } })).toEqual([
      { field: '', message: expect.stringMatching(/^lets one value \(at \/a\/a\/a.*\) be checked against more than 64 subschemas$/) },
    ]);
    expect(issuesOf({ type: 'object', properties: { a: { $ref: '#' } }, patternProperties: { '^a$': { $ref: '#' } } })).toEqual([
      { field: '', message: expect.stringContaining('more than 64 subschemas') },
    ]);
  });

  it('When a $ref cycle never enters a property or an item, Then it is refused at the $ref', () => {
    expect(issuesOf({ allOf: [{ $ref: '#' }] })).toEqual([{ field: '/allOf/0/$ref', message: expect.stringContaining('refers back to itself') }]);
    expect(issuesOf({ definitions: { a: { $ref: '#/definitions/b' }, b: { not: { $ref: '#/definitions/a' } } }, $ref: '#/definitions/a' })).toEqual([
      { field: expect.stringMatching(/\$ref$/), message: expect.stringContaining('refers back to itself') },
    ]);
  });

  it('When a $ref leaves the document, points to nothing, or a nested $id would move it, Then the place is named', () => {
    expect(issuesOf({ $ref: 'https://example.com/s.json' })).toEqual([{ field: '/$ref', message: expect.stringContaining('must point inside this schema') }]);
    expect(issuesOf({ $ref: 'other.json#/definitions/a' })).toEqual([{ field: '/$ref', message: expect.stringContaining('must point inside this schema') }]);
    expect(issuesOf({ properties: { a: { $ref: '#/definitions/none' } } })).toEqual([
      { field: '/properties/a/$ref', message: expect.stringContaining('points to nothing') },
    ]);
    expect(issuesOf({ properties: { a: { $id: 'https://example.com/a', type: 'string' } } })).toEqual([
      { field: '/properties/a/$id', message: expect.stringContaining('only at the root') },
    ]);
    expect(
      issuesOf({ $id: 'https://example.com/tool', definitions: { 'a b': { type: 'string' } }, properties: { a: { $ref: '#/definitions/a%20b' } } }),
    ).toEqual([]);
  });

  it('When a pattern is too long, too large once compiled or needs backtracking, Then it is refused at the pattern', () => {
    expect(issuesOf({ pattern: 'a'.repeat(1000) })).toEqual([]);
    expect(issuesOf({ pattern: 'a'.repeat(1001) })).toEqual([{ field: '/pattern', message: 'must be at most 1000 characters' }]);
    expect(issuesOf({ pattern: '.{1000}.{1000}' })).toEqual([{ field: '/pattern', message: expect.stringContaining('too large once compiled') }]);
    expect(issuesOf({ patternProperties: { '^(a)\\1$': { type: 'string' } } })).toEqual([
      { field: '/patternProperties/^(a)\\1$', message: expect.stringContaining('is not a usable pattern') },
    ]);
  });

  it('When a schema holds more than 16000 characters of distinct patterns, Then it is refused before any is compiled', () => {
    const long = (index: number) => `^${String(index).padStart(4, '0')}${'a'.repeat(994)}$`;
    expect(issuesOf(props(17, (index) => ({ type: 'string', pattern: long(index) })))).toEqual([
      { field: '', message: 'holds more than 16000 characters of distinct patterns' },
    ]);
    expect(issuesOf(props(32, () => ({ type: 'string', pattern: long(1) })))).toEqual([]);
  });

  it('When uniqueItems has no maxItems or one above 256, Then it is refused', () => {
    expect(issuesOf({ type: 'array', uniqueItems: true })).toEqual([
      { field: '/uniqueItems', message: 'needs a maxItems of at most 256 (every pair of items is compared)' },
    ]);
    expect(issuesOf({ type: 'array', uniqueItems: true, maxItems: 257 })).toHaveLength(1);
    expect(issuesOf({ type: 'array', uniqueItems: true, maxItems: 256 })).toEqual([]);
    expect(issuesOf({ type: 'array', uniqueItems: false })).toEqual([]);
  });

  it('When the url format is used, Then it is refused for its quadratic check', () => {
    expect(issuesOf({ type: 'string', format: 'url' })).toEqual([{ field: '/format', message: expect.stringContaining('quadratic') }]);
    expect(issuesOf({ type: 'string', format: 'uri' })).toEqual([]);
  });

  it('When values inside enum nest more than 32 levels, Then the schema is refused without overflowing the stack', () => {
    let deep: JsonValue = 1;
    for (let level = 0; level < 10_000; level += 1) deep = [deep];
    expect(issuesOf({ enum: [deep] })).toEqual([{ field: '', message: expect.stringContaining('more than 32 levels deep') }]);
  });
});
