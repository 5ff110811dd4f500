import { Container } from 'inversify';
import { createStorage } from '../../../adapters/storage/storage.module';
import { TypeOrmKnowledgeKeywordIndex } from '../../../adapters/storage/typeorm/knowledge-keyword/typeorm-knowledge-keyword-index';
import { TypeOrmUnitOfWork } from '../../../adapters/storage/typeorm/typeorm-unit-of-work';
import { TypeOrmUserRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-user-repository';
import { TypeOrmVectorRecordRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-vector-record-repository';
import { KNOWLEDGE_KEYWORD_INDEX } from '../../../core/ports/knowledge-keyword-index.port';
import { UNIT_OF_WORK } from '../../../core/ports/unit-of-work.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { VECTOR_RECORD_REPOSITORY } from '../../../core/ports/vector-record-repository.port';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { aUser } from '../../fixtures/users/user.mother';

describe('createStorage on SQLite', () => {
  let storage: TestStorage;
  beforeEach(async () => {
    storage = await createTestStorage('sqlite');
  });
  afterEach(async () => {
    await storage.destroy();
  });

  it('When its module is loaded, Then the unit of work and repositories resolve to the TypeORM adapters, once each', () => {
    const container = new Container();
    container.loadSync(storage.module);
    expect(container.get(UNIT_OF_WORK)).toBeInstanceOf(TypeOrmUnitOfWork);
    expect(container.get(USER_REPOSITORY)).toBeInstanceOf(TypeOrmUserRepository);
    expect(container.get(VECTOR_RECORD_REPOSITORY)).toBeInstanceOf(TypeOrmVectorRecordRepository);
    expect(container.get(USER_REPOSITORY)).toBe(container.get(USER_REPOSITORY));
    expect(container.get(KNOWLEDGE_KEYWORD_INDEX)).toBeInstanceOf(TypeOrmKnowledgeKeywordIndex);
  });

  it('When vectors live in Elasticsearch, Then the module leaves the knowledge keyword index to the vectors module', async () => {
    const withElasticsearch = await createTestStorage('sqlite', { VECTOR_STORE: 'elasticsearch', ELASTICSEARCH_URL: 'http://127.0.0.1:9' });
    try {
      const container = new Container();
      container.loadSync(withElasticsearch.module);
      expect(container.isBound(KNOWLEDGE_KEYWORD_INDEX)).toBe(false);
    } finally {
      await withElasticsearch.destroy();
    }
  });

  it('When closed during a unit of work, Then the work commits first and the connection closes after', async () => {
    const user = aUser();
    let finishWork!: () => void;
    const workMayFinish = new Promise<void>((resolve) => (finishWork = resolve));
    const run = storage.get(UNIT_OF_WORK).run(async () => {
      await storage.get(USER_REPOSITORY).create(user);
      await workMayFinish;
    });
    await new Promise((resolve) => setImmediate(resolve));
    const closing = storage.close();
    finishWork();

    await run;
    await closing;
    expect(storage.dataSource.isInitialized).toBe(false);
    const reopened = await createStorage(storage.config);
    try {
      const rows = (await reopened.dataSource.query('SELECT id FROM users')) as Array<{ id: string }>;
      expect(rows).toEqual([{ id: user.id }]);
    } finally {
      await reopened.close();
    }
  });
});
