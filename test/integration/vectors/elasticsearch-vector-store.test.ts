import { Client, errors } from '@elastic/elasticsearch';
import { ElasticsearchVectorStore } from '../../../adapters/vectors/elasticsearch/elasticsearch-vector-store';
import { indexName } from '../../../adapters/vectors/elasticsearch/index-name';
import { ValidationError } from '../../../core/shared/common.errors';
import { FakeElasticsearchServer } from '../../fixtures/fake-elasticsearch-server';

describe('ElasticsearchVectorStore against the fake server: what goes over the wire', () => {
  const fake = new FakeElasticsearchServer();
  let url: string;
  let client: Client;
  let store: ElasticsearchVectorStore;

  beforeAll(async () => {
    url = await fake.start();
    client = new Client({ node: url });
  });
  afterAll(async () => {
    await client.close();
    await fake.stop();
  });
  beforeEach(() => {
    fake.indices.clear();
    fake.requests.length = 0;
    store = new ElasticsearchVectorStore(client, 'agent-platform');
  });

  it('When a collection is first written, Then its index gets a cosine dense_vector, flattened metadata and text content', async () => {
    await store.upsert('kb-1', [{ id: 'a', vector: [1, 2, 3], metadata: { doc: 'd1' }, content: 'hello' }]);

    expect(fake.indices.get('agent-platform-kb-1')?.mappings).toEqual({
      dynamic: 'strict',
      properties: {
        vector: { type: 'dense_vector', dims: 3, index: true, similarity: 'cosine', index_options: { type: 'hnsw' } },
        metadata: { type: 'flattened' },
        content: { type: 'text' },
      },
    });
  });

  it('When writing, Then bulk waits for a refresh and delete-by-query refreshes', async () => {
    await store.upsert('kb', [{ id: 'a', vector: [1, 0], metadata: { doc: 'd1' }, content: '' }]);
    await store.delete('kb', ['a']);
    await store.deleteWhere('kb', { doc: 'd1' });

    const writes = fake.requests.filter((r) => r.path.endsWith('_bulk') || r.path.endsWith('_delete_by_query'));
    expect(writes.map((r) => [r.path, r.query.get('refresh')])).toEqual([
      ['/_bulk', 'wait_for'],
      ['/_bulk', 'wait_for'],
      ['/agent-platform-kb/_delete_by_query', 'true'],
    ]);
  });

  it('When collection names are not legal index names, Then they are made legal without colliding', async () => {
    await store.upsert('Docs', [{ id: 'upper', vector: [1, 0], metadata: {}, content: '' }]);
    await store.upsert('docs', [{ id: 'lower', vector: [1, 0], metadata: {}, content: '' }]);
    await store.upsert('a/b c', [{ id: 'odd', vector: [1, 0], metadata: {}, content: '' }]);

    expect([...fake.indices.keys()].sort()).toEqual([indexName('agent-platform', 'Docs'), 'agent-platform-docs', indexName('agent-platform', 'a/b c')].sort());
    expect(indexName('agent-platform', 'Docs')).toMatch(/^agent-platform-docs-[0-9a-f]{12}$/);
    expect((await store.search('Docs', { vector: [1, 0], k: 5 })).map((h) => h.id)).toEqual(['upper']);
  });

  it('When the index was created elsewhere with other dimensions, Then a write is a validation error', async () => {
    await new ElasticsearchVectorStore(client, 'agent-platform').upsert('kb', [{ id: 'a', vector: [1, 0, 0, 0], metadata: {}, content: '' }]);

    await expect(store.upsert('kb', [{ id: 'b', vector: [1, 0, 0], metadata: {}, content: '' }])).rejects.toBeInstanceOf(ValidationError);
  });

  it('When asked for more than Elasticsearch allows, Then k and num_candidates are capped at 10,000', async () => {
    await store.upsert('kb', [{ id: 'a', vector: [1, 0], metadata: {}, content: 'x' }]);

    const hits = await store.search('kb', { vector: [1, 0], k: 50_000 });

    expect(hits.map((h) => h.id)).toEqual(['a']);
  });
});

describe('FakeElasticsearchServer', () => {
  const fake = new FakeElasticsearchServer();
  let url: string;
  beforeAll(async () => {
    url = await fake.start();
  });
  afterAll(() => fake.stop());

  it('When asked for its root, Then it answers like Elasticsearch 8, product header included', async () => {
    const response = await fetch(url);

    expect(response.headers.get('x-elastic-product')).toBe('Elasticsearch');
    expect(await response.json()).toMatchObject({ version: { number: expect.stringMatching(/^8\./) }, tagline: 'You Know, for Search' });
  });

  it('When an index is missing, Then the client gets a 404 index_not_found_exception', async () => {
    const client = new Client({ node: url });
    try {
      const failure = await client.search({ index: 'nope', query: { match_all: {} } }).catch((e: unknown) => e);

      expect(failure).toBeInstanceOf(errors.ResponseError);
      expect((failure as errors.ResponseError).statusCode).toBe(404);
      expect((failure as errors.ResponseError).body).toMatchObject({
        status: 404,
        error: { type: 'index_not_found_exception', reason: 'no such index [nope]', index: 'nope' },
      });
    } finally {
      await client.close();
    }
  });

  it('When knn is searched, Then scores are (1 + cosine) / 2 and writes show only after a refresh', async () => {
    const client = new Client({ node: url });
    try {
      await client.indices.create({ index: 'raw', mappings: { properties: { v: { type: 'dense_vector', dims: 2, index: true, similarity: 'cosine' } } } });
      await client.bulk({ operations: [{ index: { _index: 'raw', _id: 'x' } }, { v: [0, 1] }] });
      const knn = { field: 'v', query_vector: [1, 1], k: 1, num_candidates: 10 };
      expect((await client.search({ index: 'raw', knn })).hits.hits).toEqual([]);

      await client.indices.refresh({ index: 'raw' });
      const [hit] = (await client.search({ index: 'raw', knn })).hits.hits;

      expect(hit._score).toBeCloseTo((1 + Math.SQRT1_2) / 2, 10);
    } finally {
      await client.close();
    }
  });
});
