import { Client } from '@elastic/elasticsearch';
import { join } from 'node:path';
import { ContainerModule } from 'inversify';
import { KNOWLEDGE_KEYWORD_INDEX } from '../../core/ports/knowledge-keyword-index.port';
import { LOGGER } from '../../core/ports/logger.port';
import { VECTOR_RECORD_REPOSITORY } from '../../core/ports/vector-record-repository.port';
import { VECTOR_STORE, VectorStore } from '../../core/ports/vector-store.port';
import { Token } from '../../core/shared/token';
import { AppConfig } from '../config/app-config';
import { ElasticsearchKnowledgeKeywordIndex } from './elasticsearch/elasticsearch-knowledge-keyword-index';
import { ElasticsearchVectorStore } from './elasticsearch/elasticsearch-vector-store';
import { EmbeddedVectorStore } from './embedded/embedded-vector-store';

/**
 * Binds VECTOR_STORE to the store `VECTOR_STORE` names. The embedded one needs
 * VECTOR_RECORD_REPOSITORY from the storage module and `startVectorStore` once storage is up.
 * With Elasticsearch it also binds KNOWLEDGE_KEYWORD_INDEX, searching the chunks indexed there
 * (otherwise the storage module binds the database's full-text index).
 */
export function vectorsModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (config.vectors.kind === 'elasticsearch') {
      const node = config.vectors.elasticsearchUrl;
      if (!node) throw new Error('ELASTICSEARCH_URL is required when VECTOR_STORE=elasticsearch');
      let client: Client | undefined;
      const sharedClient = (): Client => (client ??= new Client({ node }));
      bind(VECTOR_STORE)
        .toDynamicValue(() => new ElasticsearchVectorStore(sharedClient(), config.vectors.indexPrefix))
        .inSingletonScope();
      bind(KNOWLEDGE_KEYWORD_INDEX)
        .toDynamicValue(() => new ElasticsearchKnowledgeKeywordIndex(sharedClient(), config.vectors.indexPrefix))
        .inSingletonScope();
      return;
    }
    bind(VECTOR_STORE)
      .toDynamicValue(
        (ctx) =>
          new EmbeddedVectorStore(ctx.get(VECTOR_RECORD_REPOSITORY), ctx.get(LOGGER, { optional: true }), {
            snapshotDirectory: join(config.dataDir, 'vector-index'),
          }),
      )
      .inSingletonScope();
  });
}

/**
 * Loads the embedded index at start-up (snapshot plus later changes) and returns what to call
 * at shutdown (writes a last snapshot); nothing to do for Elasticsearch.
 */
export async function startVectorStore(container: { get<T>(token: Token<T>): T }): Promise<() => Promise<void>> {
  const store: VectorStore = container.get(VECTOR_STORE);
  if (!(store instanceof EmbeddedVectorStore)) return async () => undefined;
  await store.load();
  return () => store.close();
}
