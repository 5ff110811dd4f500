import { DataSourceValidationError, DocumentQueryTooCostlyError } from '../../../../core/domain/data-source/data-source.errors';
import { parseDocumentQuery } from '../../../../core/domain/data-source/document-query/document-query';
import { DocumentSelection } from '../../../../core/domain/data-source/document-query/document-selection';
import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { compileRegex } from '../../../fixtures/regex/compile-regex';

const ORDERS: JsonObject[] = [
  {
    _id: '1',
    customer: { name: 'Ada', tier: 'gold' },
    total: 30,
    status: 'paid',
    lines: [
      { sku: 'a', qty: 1 },
      { sku: 'b', qty: 2 },
    ],
  },
  { _id: '2', customer: { name: 'Bob', tier: 'silver' }, total: 10, status: 'open', lines: [{ sku: 'a', qty: 3 }] },
  { _id: '3', customer: { name: 'Cy' }, total: 30, status: 'paid', lines: [] },
  { _id: '4', customer: { name: 'Di', tier: 'gold' }, total: 50, status: 'paid' },
  { _id: '5', customer: { name: 'Ed' }, status: 'void' },
];

function run(query: { [key: string]: JsonValue }, maxRows = 100): { documents: JsonObject[]; truncated: boolean } {
  const selection = new DocumentSelection(parseDocumentQuery(JSON.stringify(query), compileRegex), maxRows);
  for (const order of ORDERS) selection.offer(order);
  return selection.result();
}

const idsOf = (documents: JsonObject[]): JsonValue[] => documents.map((d) => d._id);

describe('document queries', () => {
  it('When only a collection is given, Then every document comes back in storage order', () => {
    expect(run({ collection: 'orders' })).toEqual({ documents: ORDERS, truncated: false });
  });

  it('When sorted on one key, Then ties keep storage order and missing values sort first', () => {
    expect(idsOf(run({ collection: 'orders', sort: { total: 1 } }).documents)).toEqual(['5', '2', '1', '3', '4']);
    expect(idsOf(run({ collection: 'orders', sort: { total: -1 } }).documents)).toEqual(['4', '1', '3', '2', '5']);
  });

  it('When sorted on two keys, Then the second breaks ties of the first', () => {
    expect(idsOf(run({ collection: 'orders', sort: { total: -1, 'customer.name': -1 } }).documents)).toEqual(['4', '3', '1', '2', '5']);
  });

  it('When filter, sort, skip and limit combine, Then the page is cut from the sorted matches', () => {
    const result = run({ collection: 'orders', filter: { status: 'paid' }, sort: { total: -1 }, skip: 1, limit: 1 });
    expect(idsOf(result.documents)).toEqual(['1']);
  });

  it('When more documents match than the row cap, Then the answer is cut and says so', () => {
    expect(run({ collection: 'orders' }, 2)).toMatchObject({ truncated: true });
    expect(idsOf(run({ collection: 'orders' }, 2).documents)).toEqual(['1', '2']);
    expect(run({ collection: 'orders', sort: { total: -1 } }, 2)).toMatchObject({ truncated: true });
  });

  it('When a limit below the row cap is given, Then the answer is not marked truncated', () => {
    expect(run({ collection: 'orders', limit: 2 }, 3)).toEqual({ documents: ORDERS.slice(0, 2), truncated: false });
  });

  it('When a projection includes fields, Then only they and _id remain, through arrays too', () => {
    const { documents } = run({ collection: 'orders', filter: { _id: '1' }, projection: { 'customer.name': 1, 'lines.sku': 1 } });
    expect(documents).toEqual([{ _id: '1', customer: { name: 'Ada' }, lines: [{ sku: 'a' }, { sku: 'b' }] }]);
  });

  it('When a projection excludes fields and _id, Then the rest remains and the stored document is untouched', () => {
    const { documents } = run({ collection: 'orders', filter: { _id: '2' }, projection: { _id: 0, lines: 0, 'customer.tier': 0 } });
    expect(documents).toEqual([{ customer: { name: 'Bob' }, total: 10, status: 'open' }]);
    expect(ORDERS[1].lines).toEqual([{ sku: 'a', qty: 3 }]);
  });

  it('When the projection sorts on a field it drops, Then the sort still uses it', () => {
    const { documents } = run({
      collection: 'orders',
      filter: { total: { $exists: true } },
      sort: { total: 1 },
      projection: { total: 0, lines: 0, customer: 0, status: 0 },
    });
    expect(documents).toEqual([{ _id: '2' }, { _id: '1' }, { _id: '3' }, { _id: '4' }]);
  });

  it.each<[string, string, string]>([
    ['not JSON', '{collection: orders}', 'query'],
    ['not an object', '[1]', 'query'],
    ['an unknown key', '{"collection":"o","where":{}}', 'query.where'],
    ['a bad collection name', '{"collection":"../etc"}', 'query.collection'],
    ['a negative skip', '{"collection":"o","skip":-1}', 'query.skip'],
    ['a zero limit', '{"collection":"o","limit":0}', 'query.limit'],
    ['a mixed projection', '{"collection":"o","projection":{"a":1,"b":0}}', 'projection'],
    ['a bad sort direction', '{"collection":"o","sort":{"a":2}}', 'sort.a'],
  ])('When the query is %s, Then it is refused naming %s', (_name, text, field) => {
    let error: unknown;
    try {
      parseDocumentQuery(text, compileRegex);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataSourceValidationError);
    expect((error as DataSourceValidationError).details?.[0].field).toBe(field);
  });

  it('When a regex filter would cost more steps than the budget, Then the query stops with too_large', () => {
    const selection = new DocumentSelection(parseDocumentQuery('{"collection":"o","filter":{"text":{"$regex":"(a|aa|aaa)*b"}}}', compileRegex), 10);
    const long = { text: 'a'.repeat(15_000) };
    expect(() => {
      for (let i = 0; i < 200; i += 1) selection.offer(long);
    }).toThrow(DocumentQueryTooCostlyError);
  });
});
