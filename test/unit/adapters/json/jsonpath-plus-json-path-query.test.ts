import { JSONPath } from 'jsonpath-plus';
import { JsonPathPlusJsonPathQuery } from '../../../../adapters/json/jsonpath-plus-json-path-query';
import { JsonPathRefusedError } from '../../../../core/domain/workflow/json-path';
import { JsonValue } from '../../../../core/shared/json';

const query = new JsonPathPlusJsonPathQuery();
const DOCUMENT: JsonValue = {
  input: { customer: { name: 'Ada', tags: ['vip'] } },
  fetch: {
    output: {
      items: [
        { id: 1, price: 5 },
        { id: 2, price: 15 },
        { id: 3, price: 25 },
      ],
    },
  },
  last: 'previous',
};

describe('JsonPathPlusJsonPathQuery', () => {
  it.each<[string, JsonValue]>([
    ['$.input.customer.name', 'Ada'],
    ['$.input.customer', { name: 'Ada', tags: ['vip'] }],
    ['$.fetch.output.items[*].id', [1, 2, 3]],
    ['$.fetch.output.items[0,2].price', [5, 25]],
    ['$.fetch.output.items[1:].id', [2, 3]],
    ['$..price', [5, 15, 25]],
    ['$.input.customer.tags[*]', ['vip']],
    ['$.fetch.output.items[9].id', null],
    ['$.last', 'previous'],
  ])('When %s is selected, Then the result is %j', (path, expected) => {
    expect(query.select(path, DOCUMENT)).toEqual(expected);
  });

  it.each([
    ['a filter expression', '$.fetch.output.items[?(@.price < 10)].id'],
    ['a script expression', '$.fetch.output.items[(@.length-1)]'],
    ['two recursive descents', '$..items..id'],
    ['unions that multiply past the cap', '$[0,0,0,0,0,0,0,0,0,0,0][0,0,0,0,0,0,0,0,0,0]'],
    ['no leading $', 'fetch.output.items'],
    ['a path over 500 characters', `$.${'a.'.repeat(300)}b`],
  ])('When the path has %s, Then it is refused', (_case, path) => {
    expect(() => query.select(path, DOCUMENT)).toThrow(JsonPathRefusedError);
  });

  it('When a path matches more than 10 000 values, Then it is refused rather than built', () => {
    const many: JsonValue = { list: Array.from({ length: 10_001 }, (_, index) => index) };

    expect(() => query.select('$.list[*]', many)).toThrow('it matches more than 10000 values');
  });

  it('When a path names __proto__ or constructor, Then nothing of a prototype is reached', () => {
    expect(query.select('$.input.__proto__', DOCUMENT)).toBeNull();
    expect(query.select('$.input.constructor', DOCUMENT)).toBeNull();
  });

  it('When many distinct paths are evaluated, Then the library cache stays bounded', () => {
    for (let index = 0; index < 1_500; index += 1) query.select(`$.input.k${index}`, DOCUMENT);

    expect(Object.keys(JSONPath.cache as object).length).toBeLessThanOrEqual(1_001);
  });
});
