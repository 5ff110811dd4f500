import { Client } from '@elastic/elasticsearch';
import { join } from 'node:path';
import { ContainerModule } from 'inversify';
import { LOGGER } from '../../core/ports/logger.port';
import { VECTOR_RECORD_REPOSITORY } from '../../core/ports/vector-record-repository.port';
import { VECTOR_STORE, VectorStore } from '../../core/ports/vector-store.port';
import { Token } from '../../core/shared/token';
import { AppConfig } from '../config/app-config';
import { ElasticsearchVectorStore } from './elasticsearch/elasticsearch-vector-store';
import { EmbeddedVectorStore } from './embedded/embedded-vector-store';

/**
 * Binds VECTOR_STORE to the store `VECTOR_STORE` names. The embedded one needs
 * VECTOR_RECORD_REPOSITORY from the storage module and `startVectorStore` once storage is up.
 */
export function vectorsModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    if (config.vectors.kind === 'elasticsearch') {
      const node = config.vectors.elasticsearchUrl;
      if (!node) throw new Error('ELASTICSEARCH_URL is required when VECTOR_STORE=elasticsearch');
      bind(VECTOR_STORE)
        .toDynamicValue(() => new ElasticsearchVectorStore(new Client({ node }), config.vectors.indexPrefix))
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
