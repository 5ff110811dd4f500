import { Client } from '@elastic/elasticsearch';
import { ElasticsearchVectorStore } from '../../../adapters/vectors/elasticsearch/elasticsearch-vector-store';
import { FakeElasticsearchServer } from '../../fixtures/fake-elasticsearch-server';
import { describeVectorStoreContract } from '../ports/vector-store.contract';
import { trackedSubject } from './tracked-vector-store';

describe('ElasticsearchVectorStore on the fake Elasticsearch server', () => {
  const fake = new FakeElasticsearchServer();
  let client: Client;

  beforeAll(async () => {
    client = new Client({ node: await fake.start() });
  });

  afterAll(async () => {
    await client.close();
    await fake.stop();
  });

  describeVectorStoreContract('ElasticsearchVectorStore (fake server)', async () => {
    const subject = trackedSubject(new ElasticsearchVectorStore(client, 'contract'));
    return {
      store: subject.store,
      dispose: async () => {
        await subject.dispose();
        expect([...fake.indices.keys()]).toEqual([]);
      },
    };
  });
});
