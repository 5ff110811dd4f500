import { DataSourceValidationError } from '../../../../core/domain/data-source/data-source.errors';
import { compileFilter } from '../../../../core/domain/data-source/document-query/document-filter';
import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { compileRegex } from '../../../fixtures/regex/compile-regex';

const DOCS: JsonObject[] = [
  {
    _id: 'a',
    name: 'Ada',
    age: 36,
    city: 'London',
    tags: ['math', 'code'],
    address: { zip: 'N1', geo: { lat: 51.5 } },
    items: [
      { sku: 'x', qty: 2 },
      { sku: 'y', qty: 5 },
    ],
  },
  { _id: 'b', name: 'Brian', age: 17, city: 'Paris', tags: ['art'], address: { zip: '75001' }, items: [{ sku: 'y', qty: 1 }] },
  { _id: 'c', name: 'Chloé', age: 52, city: null, tags: [], joined: '2021-03-04', items: [] },
  { _id: 'd', name: 'dan', age: '36', tags: ['code', 'ops'], matrix: [[1, 2], [3]], meta: { a: 1, b: [1, 2] } },
];

function ids(filter: JsonValue): string[] {
  const matches = compileFilter(filter, compileRegex);
  return DOCS.filter((d) => matches(d)).map((d) => d._id as string);
}

describe('compileFilter', () => {
  it.each<[string, JsonValue, string[]]>([
    ['no filter', null, ['a', 'b', 'c', 'd']],
    ['an empty filter', {}, ['a', 'b', 'c', 'd']],
    ['implicit equality', { city: 'Paris' }, ['b']],
    ['equality keeps types apart', { age: 36 }, ['a']],
    ['$eq', { name: { $eq: 'Ada' } }, ['a']],
    ['$ne also matches missing fields', { city: { $ne: 'Paris' } }, ['a', 'c', 'd']],
    ['null matches null and missing', { city: null }, ['c', 'd']],
    ['$gt on numbers ignores strings', { age: { $gt: 30 } }, ['a', 'c']],
    ['$gte and $lt together', { age: { $gte: 17, $lt: 40 } }, ['a', 'b']],
    ['$lte', { age: { $lte: 17 } }, ['b']],
    ['$gt on strings (ISO dates)', { joined: { $gt: '2020-12-31' } }, ['c']],
    ['$lt on strings ignores numbers', { age: { $lt: '4' } }, ['d']],
    ['$in', { city: { $in: ['Paris', 'London'] } }, ['a', 'b']],
    ['$in with null matches missing', { city: { $in: [null] } }, ['c', 'd']],
    ['$nin', { city: { $nin: ['Paris', 'London'] } }, ['c', 'd']],
    ['$exists true', { joined: { $exists: true } }, ['c']],
    ['$exists true counts null', { city: { $exists: true } }, ['a', 'b', 'c']],
    ['$exists false', { address: { $exists: false } }, ['c', 'd']],
    ['a dotted path', { 'address.zip': 'N1' }, ['a']],
    ['a deep dotted path', { 'address.geo.lat': { $gt: 50 } }, ['a']],
    ['an array field matches any element', { tags: 'code' }, ['a', 'd']],
    ['an array field matches the whole array', { tags: ['art'] }, ['b']],
    ['an empty array', { tags: [] }, ['c']],
    ['$in on an array field', { tags: { $in: ['ops', 'art'] } }, ['b', 'd']],
    ['a path through an array of objects', { 'items.sku': 'y' }, ['a', 'b']],
    ['a comparison through an array of objects', { 'items.qty': { $gte: 5 } }, ['a']],
    ['an array index in the path', { 'items.0.sku': 'y' }, ['b']],
    ['an index into an array of arrays', { 'matrix.1': [3] }, ['d']],
    ['object equality ignores key order', { meta: { b: [1, 2], a: 1 } }, ['d']],
    ['object equality is exact', { meta: { a: 1 } }, []],
    ['$regex', { name: { $regex: '^[A-C]' } }, ['a', 'b', 'c']],
    ['$regex with options', { name: { $regex: '^d', $options: 'i' } }, ['d']],
    ['$regex on array elements', { tags: { $regex: 'o[dp]' } }, ['a', 'd']],
    ['$regex ignores non-strings', { age: { $regex: '3' } }, ['d']],
    ['$and', { $and: [{ age: { $gt: 10 } }, { tags: 'code' }] }, ['a']],
    ['$or', { $or: [{ city: 'Paris' }, { name: 'dan' }] }, ['b', 'd']],
    ['nested $and inside $or', { $or: [{ $and: [{ age: { $gt: 40 } }, { city: null }] }, { _id: 'a' }] }, ['a', 'c']],
    ['several fields are ANDed', { tags: 'code', age: 36 }, ['a']],
    ['a missing path', { 'nothing.here': 1 }, []],
  ])('When filtering with %s, Then the right documents match', (_name, filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it('When a document has an own __proto__ key, Then it is matched as plain data', () => {
    const document = JSON.parse('{"__proto__": {"admin": true}}') as JsonObject;
    expect(compileFilter({ '__proto__.admin': true }, compileRegex)(document)).toBe(true);
    expect(compileFilter({ 'constructor.name': 'Object' }, compileRegex)({})).toBe(false);
  });

  it.each<[string, JsonValue, string]>([
    ['a non-object filter', [1], 'filter'],
    ['an unknown operator', { age: { $where: 'x' } }, 'filter.age.$where'],
    ['an unknown top-level operator', { $nor: [] }, 'filter.$nor'],
    ['mixed operators and fields', { age: { $gt: 1, x: 2 } }, 'filter.age'],
    ['$in without an array', { age: { $in: 3 } }, 'filter.age.$in'],
    ['$exists with a non-boolean', { age: { $exists: 1 } }, 'filter.age.$exists'],
    ['$gt with an object', { age: { $gt: { a: 1 } } }, 'filter.age.$gt'],
    ['an empty $or', { $or: [] }, 'filter.$or'],
    ['$or of non-objects', { $or: [1] }, 'filter.$or[0]'],
    ['a bad path', { 'a..b': 1 }, 'filter.a..b'],
    ['a too long regex', { name: { $regex: 'a'.repeat(257) } }, 'filter.name.$regex'],
    ['an unsupported regex', { name: { $regex: '(a)\\1' } }, 'filter.name.$regex'],
    ['bad regex options', { name: { $regex: 'a', $options: 'g' } }, 'filter.name.$regex'],
    ['$options alone', { name: { $options: 'i' } }, 'filter.name'],
  ])('When the filter has %s, Then it is refused naming %s', (_name, filter, field) => {
    let error: unknown;
    try {
      compileFilter(filter, compileRegex);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataSourceValidationError);
    expect((error as DataSourceValidationError).code).toBe('data_source.validation');
    expect((error as DataSourceValidationError).details?.[0].field).toBe(field);
  });

  it('When the filter nests too deep or has too many conditions, Then it is refused', () => {
    let deep: JsonValue = { a: 1 };
    for (let i = 0; i < 12; i += 1) deep = { $and: [deep] };
    expect(() => compileFilter(deep, compileRegex)).toThrow(DataSourceValidationError);
    const wide = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, i]));
    expect(() => compileFilter(wide, compileRegex)).toThrow('more than 200 conditions');
  });
});
