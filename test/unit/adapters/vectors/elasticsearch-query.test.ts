import { indexName } from '../../../../adapters/vectors/elasticsearch/index-name';
import { metadataClauses } from '../../../../adapters/vectors/elasticsearch/metadata-query';

describe('indexName', () => {
  it('When prefix and collection are already legal, Then the name is <prefix>-<collection>', () => {
    expect(indexName('agent-platform', 'kb_42')).toBe('agent-platform-kb_42');
  });

  it('When the name needs changes, Then it is lowercased, cleaned and suffixed with a hash of the original', () => {
    const name = indexName('app', 'My Docs/#1');

    expect(name).toMatch(/^app-my_docs__1-[0-9a-f]{12}$/);
    expect(indexName('app', 'my docs/#1')).not.toBe(name);
  });

  it('When the name would start with a forbidden character or be too long, Then it is still legal', () => {
    expect(indexName('_x', 'y')).toMatch(/^x-y-[0-9a-f]{12}$/);
    expect(Buffer.byteLength(indexName('app', 'é'.repeat(300)))).toBeLessThanOrEqual(255);
  });
});

describe('metadataClauses', () => {
  it('When a filter has single values and arrays, Then they become term and terms on metadata, as strings', () => {
    expect(metadataClauses({ doc: 'd1', page: 3, ok: true, tag: ['a', 2] })).toEqual([
      { term: { 'metadata.doc': 'd1' } },
      { term: { 'metadata.page': '3' } },
      { term: { 'metadata.ok': 'true' } },
      { terms: { 'metadata.tag': ['a', '2'] } },
    ]);
  });

  it('When there is no filter, Then there are no clauses', () => {
    expect(metadataClauses(undefined)).toEqual([]);
  });
});
