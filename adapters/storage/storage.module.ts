import { ContainerModule } from 'inversify';
import { DataSource } from 'typeorm';
import { KNOWLEDGE_KEYWORD_INDEX, KnowledgeKeywordIndex } from '../../core/ports/knowledge-keyword-index.port';
import { AppConfig } from '../config/app-config';
import { ConnectionGate, OpenGate, SerialGate } from './typeorm/connection-gate';
import { openDataSource } from './typeorm/data-source.factory';
import { mysqlFulltext, sqliteFts5 } from './typeorm/knowledge-keyword/full-text-dialect';
import { TypeOrmKnowledgeKeywordIndex } from './typeorm/knowledge-keyword/typeorm-knowledge-keyword-index';
import { ManagerProvider } from './typeorm/manager-provider';
import { bindTypeOrmRepositories } from './typeorm/repository-bindings';

export interface Storage {
  /**
   * For tests and tooling. Queries sent here bypass transactions and the SQLite gate
   * (see ManagerProvider); repositories take the ManagerProvider instead.
   */
  readonly dataSource: DataSource;
  /** Binds UNIT_OF_WORK, the repository ports, the `kv` store and, unless vectors live in Elasticsearch, KNOWLEDGE_KEYWORD_INDEX. */
  readonly module: ContainerModule;
  /** Waits for running work on SQLite, then disconnects. */
  close(): Promise<void>;
}

/** Connects the configured database, migrates it, and returns the bindings that use it. */
export async function createStorage(config: AppConfig): Promise<Storage> {
  const dataSource = await openDataSource(config);
  const gate: ConnectionGate = config.storage.kind === 'sqlite' ? new SerialGate() : new OpenGate();
  const managers = new ManagerProvider(dataSource, gate);
  return {
    dataSource,
    module: new ContainerModule(({ bind }) => {
      bindTypeOrmRepositories(bind, managers, config.kv, config.callLogs.retentionMs);
      // With Elasticsearch as vector store, the vectors module binds keyword search there, next to the vectors.
      if (config.vectors.kind !== 'elasticsearch') {
        const dialect = config.storage.kind === 'mysql' ? mysqlFulltext : sqliteFts5;
        bind<KnowledgeKeywordIndex>(KNOWLEDGE_KEYWORD_INDEX).toConstantValue(new TypeOrmKnowledgeKeywordIndex(managers, dialect));
      }
    }),
    close: () => gate.exclusive(() => (dataSource.isInitialized ? dataSource.destroy() : Promise.resolve())),
  };
}
