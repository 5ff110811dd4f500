import { performance } from 'node:perf_hooks';
import { AjvJsonSchemaValidator } from '../../../../adapters/validation/ajv-json-schema-validator';
import { CompiledSchema } from '../../../../core/ports/json-schema-validator.port';
import { JsonSchema, JsonValue } from '../../../../core/shared/json';

/** `^(a+)+$` against this takes a backtracking engine (JavaScript's RegExp) about 15 s on a 2-vCPU box. */
const HOSTILE_SHORT = `${'a'.repeat(30)}!`;

describe('AjvJsonSchemaValidator', () => {
  const validator = new AjvJsonSchemaValidator(2);
  const compiled = (schema: JsonSchema): CompiledSchema => {
    const result = validator.compile(schema, 'input_schema');
    if (!result.ok) throw new Error(JSON.stringify(result.error));
    return result.value;
  };
  const issues = (schema: JsonSchema) => {
    const result = validator.compile(schema, 'input_schema');
    return result.ok ? [] : result.error;
  };
  const timed = (schema: CompiledSchema, value: JsonValue) => {
    const started = performance.now();
    const found = schema.validate(value);
    return { issues: found, ms: performance.now() - started };
  };

  it('When a schema is a valid draft-07 schema, Then it compiles and validation reports the first problem with its path', () => {
    const schema = compiled({
      type: 'object',
      required: ['city'],
      additionalProperties: false,
      properties: { city: { type: 'string', maxLength: 10 }, days: { type: 'array', items: { type: 'integer' } } },
    });
    expect(schema.validate({ city: 'Paris', days: [1, 2] })).toEqual([]);
    expect(schema.validate({ city: 'Paris', days: [1, 'x'] })).toEqual([{ field: 'days[1]', message: 'must be integer' }]);
    expect(schema.validate({ days: [1, 'x'], extra: true })).toEqual([{ field: '', message: "must have required property 'city'" }]);
  });

  it('When a schema breaks the meta-schema, Then the problem is named under the field', () => {
    expect(issues({ type: 'object', properties: { a: { type: 'strnig' } } })).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/^input_schema\.properties\.a\.type/) })]),
    );
    expect(issues({ type: 'object', required: 'city' })).toEqual([{ field: 'input_schema.required', message: 'must be array' }]);
    expect(issues({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' })).toEqual([
      { field: 'input_schema.$schema', message: expect.stringContaining('draft-07') },
    ]);
  });

  it('When a catastrophic pattern has a maxLength, Then a hostile value within it is still matched in linear time', () => {
    const schema = compiled({ type: 'object', properties: { code: { type: 'string', maxLength: 100, pattern: '^(a+)+$' } } });
    const { issues: found, ms } = timed(schema, { code: HOSTILE_SHORT });
    expect(found).toEqual([{ field: 'code', message: 'must match pattern "^(a+)+$"' }]);
    expect(ms).toBeLessThan(500);
    expect(schema.validate({ code: 'aaaa' })).toEqual([]);
  });

  it('When a catastrophic pattern has no maxLength, Then the schema is accepted and a long hostile value is matched in linear time', () => {
    const schema = compiled({ type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } });
    const { issues: found, ms } = timed(schema, { code: `${'a'.repeat(100_000)}!` });
    expect(found).toEqual([{ field: 'code', message: 'must match pattern "^(a+)+$"' }]);
    expect(ms).toBeLessThan(500);
  });

  it('When a pattern needs backtracking (backreference, lookaround), Then the schema is refused at the pattern', () => {
    for (const pattern of ['^(a)\\1$', '^(?<x>a)\\k<x>$', '^(?=a)', '(?<!a)b']) {
      expect(issues({ type: 'string', pattern })).toEqual([
        { field: 'input_schema.pattern', message: expect.stringContaining('not supported by the linear-time matcher') },
      ]);
    }
  });

  it('When a pattern is not a regular expression, Then the schema is refused at the pattern', () => {
    expect(issues({ type: 'string', pattern: '(' })).toEqual([
      { field: 'input_schema.pattern', message: expect.stringContaining('is not a valid regular expression') },
    ]);
  });

  it('When a chain of anyOf and $ref doubles at each level, Then the schema is refused before Ajv compiles it', () => {
    const definitions: Record<string, JsonSchema> = { l10: { type: 'string' } };
    for (let level = 0; level < 10; level += 1)
      definitions[`l${level}`] = { anyOf: [{ $ref: `#/definitions/l${level + 1}` }, { $ref: `#/definitions/l${level + 1}` }] };
    const started = performance.now();
    expect(issues({ type: 'object', definitions, properties: { x: { $ref: '#/definitions/l0' } } })).toEqual([
      { field: 'input_schema', message: expect.stringMatching(/too large|more than 64 subschemas/) },
    ]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('When a format is used without maxLength, Then it is accepted, except url whose check is quadratic', () => {
    expect(issues({ type: 'string', format: 'email' })).toEqual([]);
    expect(issues({ type: 'string', format: 'url', maxLength: 100 })).toEqual([
      { field: 'input_schema.format', message: expect.stringContaining('use "uri"') },
    ]);
  });

  it('When a value would take too long to check, Then it is refused unchecked', () => {
    const schema = compiled({ type: 'array', items: { anyOf: Array.from({ length: 31 }, () => ({ type: 'string' })).concat([{ type: 'integer' }]) } });
    const { issues: found, ms } = timed(
      schema,
      Array.from({ length: 200_000 }, () => 1),
    );
    expect(found).toEqual([{ field: '', message: 'is too large to be checked against this schema in bounded time' }]);
    expect(ms).toBeLessThan(500);
    expect(schema.validate([1, 2, 3])).toEqual([]);
  });

  it('When a schema refers outside itself or to nothing, Then the $ref is named', () => {
    expect(issues({ $ref: 'https://example.com/schema.json' })).toEqual([
      { field: 'input_schema.$ref', message: expect.stringContaining('must point inside this schema') },
    ]);
    expect(issues({ type: 'object', properties: { a: { $ref: '#/definitions/none' } } })).toEqual([
      { field: 'input_schema.properties.a.$ref', message: expect.stringContaining('points to nothing') },
    ]);
  });

  it('When a schema uses an unknown keyword or is async, Then it is refused', () => {
    expect(issues({ type: 'object', colour: 'red' })).toEqual([{ field: 'input_schema', message: expect.stringContaining('unknown keyword: "colour"') }]);
    expect(issues({ $async: true, type: 'object' })).toEqual([{ field: 'input_schema.$async', message: expect.any(String) }]);
  });

  it('When two users use the same $id, Then both schemas compile and each validates by its own rules', () => {
    const first = compiled({ $id: 'https://example.com/tool', type: 'object', properties: { a: { type: 'string' } } });
    const second = compiled({ $id: 'https://example.com/tool', type: 'object', properties: { a: { type: 'number' } } });
    expect(first.validate({ a: 'x' })).toEqual([]);
    expect(second.validate({ a: 'x' })).toEqual([{ field: 'a', message: 'must be number' }]);
  });

  it('When more schemas are compiled than the cache holds, Then older ones are compiled again on demand', () => {
    for (const max of [1, 2, 3, 4])
      expect(compiled({ type: 'integer', maximum: max }).validate(3)).toEqual(max >= 3 ? [] : [{ field: '', message: `must be <= ${max}` }]);
    expect(compiled({ type: 'integer', maximum: 1 }).validate(3)).toEqual([{ field: '', message: 'must be <= 1' }]);
  });

  it('When the same schema is compiled twice, Then the cached validator is returned', () => {
    const schema: JsonSchema = { type: 'string', minLength: 2 };
    expect(compiled(schema)).toBe(compiled({ ...schema }));
  });
});
