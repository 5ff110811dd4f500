import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { AppConfig } from '../../../../adapters/config/app-config';
import { ElasticsearchKnowledgeKeywordIndex } from '../../../../adapters/vectors/elasticsearch/elasticsearch-knowledge-keyword-index';
import { ElasticsearchVectorStore } from '../../../../adapters/vectors/elasticsearch/elasticsearch-vector-store';
import { EmbeddedVectorStore } from '../../../../adapters/vectors/embedded/embedded-vector-store';
import { startVectorStore, vectorsModule } from '../../../../adapters/vectors/vectors.module';
import { KNOWLEDGE_KEYWORD_INDEX } from '../../../../core/ports/knowledge-keyword-index.port';
import { VECTOR_RECORD_REPOSITORY } from '../../../../core/ports/vector-record-repository.port';
import { VECTOR_STORE, VectorStore } from '../../../../core/ports/vector-store.port';
import { InMemoryVectorRecordRepository } from '../../../fixtures/in-memory-vector-record-repository';

function configWith(vectors: AppConfig['vectors'], dataDir = join(tmpdir(), 'unused-vector-data')): AppConfig {
  return { vectors, dataDir } as AppConfig;
}

describe('vectorsModule', () => {
  it('When VECTOR_STORE=embedded, Then the store uses the bound repository, start-up loads it and shutdown snapshots it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vectors-module-'));
    const repository = new InMemoryVectorRecordRepository();
    await repository.upsert('kb', [{ id: 'a', vector: [1, 0], metadata: {}, content: 'stored' }]);
    const container = new Container();
    container.bind(VECTOR_RECORD_REPOSITORY).toConstantValue(repository);
    container.loadSync(vectorsModule(configWith({ kind: 'embedded', indexPrefix: 'p' }, dataDir)));

    const stop = await startVectorStore(container);

    const store = container.get(VECTOR_STORE);
    expect(store).toBeInstanceOf(EmbeddedVectorStore);
    expect(container.get(VECTOR_STORE)).toBe(store);
    expect((await container.get<VectorStore>(VECTOR_STORE).search('kb', { vector: [1, 0], k: 1 })).map((h) => h.content)).toEqual(['stored']);
    await stop();
    expect(existsSync(join(dataDir, 'vector-index', 'current'))).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('When VECTOR_STORE=elasticsearch, Then the store and the knowledge keyword index are the Elasticsearch adapters', () => {
    const container = new Container();
    container.loadSync(vectorsModule(configWith({ kind: 'elasticsearch', elasticsearchUrl: 'http://127.0.0.1:9', indexPrefix: 'p' })));

    expect(container.get(VECTOR_STORE)).toBeInstanceOf(ElasticsearchVectorStore);
    expect(container.get(KNOWLEDGE_KEYWORD_INDEX)).toBeInstanceOf(ElasticsearchKnowledgeKeywordIndex);
    expect(container.get(KNOWLEDGE_KEYWORD_INDEX)).toBe(container.get(KNOWLEDGE_KEYWORD_INDEX));
  });

  it('When VECTOR_STORE=embedded, Then the knowledge keyword index is left to the storage module', () => {
    const container = new Container();
    container.loadSync(vectorsModule(configWith({ kind: 'embedded', indexPrefix: 'p' })));

    expect(container.isBound(KNOWLEDGE_KEYWORD_INDEX)).toBe(false);
  });
});
