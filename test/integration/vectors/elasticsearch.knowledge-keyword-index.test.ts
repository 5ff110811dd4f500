import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { ElasticsearchKnowledgeKeywordIndex } from '../../../adapters/vectors/elasticsearch/elasticsearch-knowledge-keyword-index';
import { ElasticsearchVectorStore } from '../../../adapters/vectors/elasticsearch/elasticsearch-vector-store';
import { chunkVectorRecord, KNOWLEDGE_COLLECTION, KNOWLEDGE_VECTOR_KEYS } from '../../../core/services/knowledge/knowledge-vectors';
import { FakeElasticsearchServer } from '../../fixtures/fake-elasticsearch-server';
import { describeWithEnv } from '../../support/infrastructure';
import { describeKnowledgeKeywordIndexContract, KnowledgeKeywordHarness } from '../ports/knowledge-keyword-index.contract';

/** Chunks indexed and deleted through the vector store, as the ingestor and the managers do on Elasticsearch. */
function harness(client: Client, prefix: string): KnowledgeKeywordHarness {
  const store = new ElasticsearchVectorStore(client, prefix);
  return {
    index: new ElasticsearchKnowledgeKeywordIndex(client, prefix),
    aBase: () => Promise.resolve(randomUUID()),
    async addDocument(knowledgeBaseId, passages) {
      const documentId = randomUUID();
      const records = passages.map((content, index) =>
        chunkVectorRecord({ documentId, knowledgeBaseId, index, content, start: 0, end: content.length }, 'owner', [1, 0.5, index + 1]),
      );
      await store.upsert(KNOWLEDGE_COLLECTION, records);
      return documentId;
    },
    deleteDocument: (documentId) => store.deleteWhere(KNOWLEDGE_COLLECTION, { [KNOWLEDGE_VECTOR_KEYS.document]: documentId }),
    deleteBase: (knowledgeBaseId) => store.deleteWhere(KNOWLEDGE_COLLECTION, { [KNOWLEDGE_VECTOR_KEYS.knowledgeBase]: knowledgeBaseId }),
    destroy: () => store.dropCollection(KNOWLEDGE_COLLECTION),
  };
}

describe('Knowledge keyword index on the fake Elasticsearch server', () => {
  const fake = new FakeElasticsearchServer();
  let client: Client;

  beforeAll(async () => {
    client = new Client({ node: await fake.start() });
  });
  afterAll(async () => {
    await client.close();
    await fake.stop();
  });

  it('When nothing was ever indexed, Then a search finds nothing', async () => {
    expect(await new ElasticsearchKnowledgeKeywordIndex(client, 'never').search({ query: 'kiwi', k: 5 })).toEqual([]);
  });

  describeKnowledgeKeywordIndexContract('ElasticsearchKnowledgeKeywordIndex (fake server)', () => Promise.resolve(harness(client, 'keyword-contract')));
});

describeWithEnv('ELASTICSEARCH_URL', 'Knowledge keyword index on a real Elasticsearch', (url) => {
  let client: Client;

  beforeAll(() => {
    client = new Client({ node: url });
  });
  afterAll(() => client.close());

  describeKnowledgeKeywordIndexContract('ElasticsearchKnowledgeKeywordIndex (real server)', () =>
    Promise.resolve(harness(client, `test-${randomUUID().slice(0, 8)}`)),
  );
});
