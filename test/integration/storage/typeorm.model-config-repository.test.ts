import { StorageKind } from '../../../adapters/config/app-config';
import { AGENT_REPOSITORY } from '../../../core/ports/agent-repository.port';
import { MODEL_CONFIG_REPOSITORY } from '../../../core/ports/model-config-repository.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { aUser } from '../../fixtures/users/user.mother';
import { aModelConfig } from '../../fixtures/model-configs/model-config.mother';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { describeModelConfigRepositoryContract } from '../ports/model-config-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return {
    configs: storage.get(MODEL_CONFIG_REPOSITORY),
    agents: storage.get(AGENT_REPOSITORY),
    addOwner: async () => {
      const user = aUser();
      await storage.get(USER_REPOSITORY).create(user);
      return user.id;
    },
    destroy: () => storage.destroy(),
  };
};

function describeSchemaRules(kind: StorageKind): void {
  describe('what the schema itself enforces', () => {
    let storage: TestStorage;
    beforeAll(async () => {
      storage = await createTestStorage(kind);
    });
    afterAll(async () => {
      await storage?.destroy();
    });

    it('When the owner is deleted, Then their configurations go with them', async () => {
      const user = aUser();
      await storage.get(USER_REPOSITORY).create(user);
      const config = aModelConfig({ ownerId: user.id });
      await storage.get(MODEL_CONFIG_REPOSITORY).create(config);

      await storage.dataSource.query('DELETE FROM users WHERE id = ?', [user.id]);
      expect(await storage.get(MODEL_CONFIG_REPOSITORY).findById(config.id)).toBeNull();
    });

    it('When a second default is written behind the repository’s back, Then the unique index refuses it', async () => {
      const user = aUser();
      await storage.get(USER_REPOSITORY).create(user);
      const [a, b] = [aModelConfig({ ownerId: user.id, isDefault: true }), aModelConfig({ ownerId: user.id })];
      await storage.get(MODEL_CONFIG_REPOSITORY).create(a);
      await storage.get(MODEL_CONFIG_REPOSITORY).create(b);

      await expect(storage.dataSource.query('UPDATE model_configs SET default_key = ? WHERE id = ?', [user.id, b.id])).rejects.toThrow();
    });
  });
}

describe('TypeOrmModelConfigRepository on SQLite', () => {
  describeModelConfigRepositoryContract('model config repository contract', harness('sqlite'));
  describeSchemaRules('sqlite');
});
describeWithEnv('DATABASE_URL', 'TypeOrmModelConfigRepository on MariaDB', () => {
  describeModelConfigRepositoryContract('model config repository contract', harness('mysql'));
  describeSchemaRules('mysql');
});
