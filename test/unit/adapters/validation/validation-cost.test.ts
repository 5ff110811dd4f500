import { checkUntrustedSchemaBounds } from '../../../../adapters/validation/untrusted-schema-bounds';
import { ValuePosition } from '../../../../adapters/validation/untrusted-schema-cost-model';
import { validationCost } from '../../../../adapters/validation/validation-cost';
import { JsonSchema, JsonValue } from '../../../../core/shared/json';

const modelOf = (schema: JsonSchema): ValuePosition => {
  const checked = checkUntrustedSchemaBounds(schema);
  if (!checked.ok) throw new Error(JSON.stringify(checked.error));
  return checked.value;
};
const cost = (schema: JsonSchema, value: JsonValue, budget = Number.MAX_SAFE_INTEGER) => validationCost(value, modelOf(schema), budget);

describe('validationCost', () => {
  it('When a value is walked, Then each value costs the subschemas applying to it and nothing where none applies', () => {
    const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } };
    expect(cost(schema, {})).toBe(2);
    expect(cost(schema, { tags: ['a', 'b'] })).toBe(2 + 1 + 1 + 2);
    expect(cost(schema, { other: { deep: [1, 2, 3] } })).toBe(2 + 1);
  });

  it('When an anyOf applies to every item, Then every branch is counted for every item', () => {
    const schema = { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] } };
    expect(cost(schema, [1, 2])).toBe(1 + 2 * (1 + 3));
  });

  it('When strings meet patterns and formats, Then each character is priced by what reads it', () => {
    const plain = cost({ type: 'string' }, 'x'.repeat(1000));
    const patterned = cost({ type: 'string', pattern: '^(a+)+$' }, 'x'.repeat(1000));
    const formatted = cost({ type: 'string', format: 'date-time' }, 'x'.repeat(1000));
    expect(plain).toBe(1);
    expect(patterned).toBeGreaterThan(1000);
    expect(formatted).toBe(1 + 16_000);
  });

  it('When enum, const or required are large, Then their entries are priced per value', () => {
    expect(cost({ enum: [1, 2, 3, 4] }, 5)).toBe(1 + 5);
    expect(cost({ type: 'object', required: ['a', 'b'] }, { a: 1, b: 2 })).toBe(1 + 2 + 2);
  });

  it("When uniqueItems compares items, Then pairs are priced by the items' size", () => {
    const schema = { type: 'array', maxItems: 256, uniqueItems: true };
    expect(
      cost(schema, [
        [1, 2],
        [3, 4],
      ]),
    ).toBe(1 + 2 * 7);
  });

  it('When a recursive schema meets a deep value, Then it is walked without recursion', () => {
    let deep: JsonValue = {};
    for (let level = 0; level < 50_000; level += 1) deep = { next: deep };
    expect(cost({ type: 'object', properties: { next: { $ref: '#' } } }, deep)).toBeGreaterThan(50_000);
  });

  it('When the budget is passed, Then counting stops there', () => {
    const items = Array.from({ length: 1_000_000 }, () => 1);
    expect(cost({ type: 'array', items: { type: 'integer' } }, items, 1000)).toBeLessThanOrEqual(1001);
  });
});
