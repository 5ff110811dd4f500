import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { ElasticsearchVectorStore } from '../../../adapters/vectors/elasticsearch/elasticsearch-vector-store';
import { describeWithEnv } from '../../support/infrastructure';
import { describeVectorStoreContract } from '../ports/vector-store.contract';
import { trackedSubject } from './tracked-vector-store';

describeWithEnv('ELASTICSEARCH_URL', 'ElasticsearchVectorStore on a real Elasticsearch', (url) => {
  let client: Client;
  const prefix = `test-${randomUUID().slice(0, 8)}`;

  beforeAll(() => {
    client = new Client({ node: url });
  });

  afterAll(() => client.close());

  describeVectorStoreContract('ElasticsearchVectorStore (real server)', async () => trackedSubject(new ElasticsearchVectorStore(client, prefix)));
});
