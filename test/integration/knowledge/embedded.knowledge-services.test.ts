import { StorageKind } from '../../../adapters/config/app-config';
import { EmbeddedVectorStore } from '../../../adapters/vectors/embedded/embedded-vector-store';
import { VECTOR_RECORD_REPOSITORY } from '../../../core/ports/vector-record-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { TestStorage } from '../../support/test-database';
import { describeKnowledgeServices } from './knowledge-services.suite';

/** The embedded store written through to the same database; a restart reloads it from there. */
const embedded = async (storage: TestStorage) => ({
  store: new EmbeddedVectorStore(storage.get(VECTOR_RECORD_REPOSITORY)),
  reload: async () => {
    const store = new EmbeddedVectorStore(storage.get(VECTOR_RECORD_REPOSITORY));
    await store.load();
    return store;
  },
  close: async () => undefined,
});

const on = (kind: StorageKind) => () => describeKnowledgeServices(kind, embedded, { restarts: true });

describe('Knowledge services on SQLite with the embedded vector store', on('sqlite'));
describeWithEnv('DATABASE_URL', 'Knowledge services on MariaDB with the embedded vector store', on('mysql'));
