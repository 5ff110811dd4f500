import { Client } from '@elastic/elasticsearch';
import { ElasticsearchVectorStore } from '../../../adapters/vectors/elasticsearch/elasticsearch-vector-store';
import { FakeElasticsearchServer } from '../../fixtures/fake-elasticsearch-server';
import { describeKnowledgeServices } from './knowledge-services.suite';

// The Elasticsearch adapter (filters as `terms` clauses, delete by query) behind the same services.
describe('Knowledge services on SQLite with the Elasticsearch vector store (fake server)', () => {
  describeKnowledgeServices('sqlite', async () => {
    const fake = new FakeElasticsearchServer();
    const client = new Client({ node: await fake.start() });
    return {
      store: new ElasticsearchVectorStore(client, 'knowledge-test'),
      close: async () => {
        await client.close();
        await fake.stop();
      },
    };
  });
});
