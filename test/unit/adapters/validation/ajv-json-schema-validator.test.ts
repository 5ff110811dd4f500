import { AjvJsonSchemaValidator } from '../../../../adapters/validation/ajv-json-schema-validator';

describe('AjvJsonSchemaValidator', () => {
  const validator = new AjvJsonSchemaValidator(2);

  it('When a schema is a valid draft-07 schema, Then checkSchema finds nothing and validate reports paths', () => {
    const schema = {
      type: 'object',
      required: ['city'],
      additionalProperties: false,
      properties: { city: { type: 'string', maxLength: 10 }, days: { type: 'array', items: { type: 'integer' } } },
    };
    expect(validator.checkSchema(schema, 'input_schema')).toEqual([]);
    expect(validator.validate(schema, { city: 'Paris', days: [1, 2] })).toEqual([]);
    expect(validator.validate(schema, { days: [1, 'x'], extra: true })).toEqual([
      { field: '', message: "must have required property 'city'" },
      { field: '', message: 'must NOT have additional properties' },
      { field: 'days[1]', message: 'must be integer' },
    ]);
  });

  it('When a schema breaks the meta-schema, Then the problem is named under the field', () => {
    expect(validator.checkSchema({ type: 'object', properties: { a: { type: 'strnig' } } }, 'input_schema')).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: expect.stringMatching(/^input_schema\.properties\.a\.type/) })]),
    );
    expect(validator.checkSchema({ type: 'object', required: 'city' }, 'input_schema')).toEqual([
      { field: 'input_schema.required', message: 'must be array' },
    ]);
  });

  it('When a pattern or format has no maxLength, Then the schema is refused as slow on hostile input', () => {
    const issues = validator.checkSchema({ type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } }, 'input_schema');
    expect(issues).toEqual([{ field: 'input_schema.properties.a', message: expect.stringContaining('maxLength') }]);
    expect(validator.checkSchema({ type: 'string', format: 'email' }, 'output_schema')).toHaveLength(1);
    expect(validator.checkSchema({ type: 'string', format: 'email', maxLength: 254 }, 'output_schema')).toEqual([]);
  });

  it('When a schema refers to a remote or missing $ref, Then it cannot be compiled', () => {
    expect(validator.checkSchema({ $ref: 'https://example.com/schema.json' }, 'input_schema')).toEqual([
      { field: 'input_schema', message: expect.stringContaining('cannot be compiled') },
    ]);
  });

  it('When an invalid regular expression is used, Then the schema cannot be compiled', () => {
    expect(validator.checkSchema({ type: 'string', maxLength: 5, pattern: '(' }, 'input_schema')).toEqual([
      { field: 'input_schema', message: expect.stringContaining('cannot be compiled') },
    ]);
  });

  it('When two users use the same $id, Then both schemas compile and each validates by its own rules', () => {
    const first = { $id: 'https://example.com/tool', type: 'object', properties: { a: { type: 'string' } } };
    const second = { $id: 'https://example.com/tool', type: 'object', properties: { a: { type: 'number' } } };
    expect(validator.checkSchema(first, 'input_schema')).toEqual([]);
    expect(validator.checkSchema(second, 'input_schema')).toEqual([]);
    expect(validator.validate(first, { a: 'x' })).toEqual([]);
    expect(validator.validate(second, { a: 'x' })).toEqual([{ field: 'a', message: 'must be number' }]);
  });

  it('When more schemas are used than the cache holds, Then older ones are compiled again on demand', () => {
    for (const max of [1, 2, 3, 4]) expect(validator.validate({ type: 'integer', maximum: max }, 3)).toEqual(max >= 3 ? [] : [{ field: '', message: `must be <= ${max}` }]);
    expect(validator.validate({ type: 'integer', maximum: 1 }, 3)).toEqual([{ field: '', message: 'must be <= 1' }]);
  });
});
