import { StorageKind } from '../../../adapters/config/app-config';
import { NODE_TEMPLATE_REPOSITORY } from '../../../core/ports/node-template-repository.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { aNodeTemplate } from '../../fixtures/node-templates/node-template.mother';
import { aUser } from '../../fixtures/users/user.mother';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { describeNodeTemplateRepositoryContract } from '../ports/node-template-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return {
    templates: storage.get(NODE_TEMPLATE_REPOSITORY),
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

    it('When the owner is deleted, Then their templates go with them', async () => {
      const user = aUser();
      await storage.get(USER_REPOSITORY).create(user);
      const template = aNodeTemplate({ ownerId: user.id });
      await storage.get(NODE_TEMPLATE_REPOSITORY).create(template, 10);

      await storage.dataSource.query('DELETE FROM users WHERE id = ?', [user.id]);
      expect(await storage.get(NODE_TEMPLATE_REPOSITORY).findById(template.id)).toBeNull();
    });

    it('When a template names no stored user, Then the foreign key refuses it', async () => {
      await expect(storage.get(NODE_TEMPLATE_REPOSITORY).create(aNodeTemplate(), 10)).rejects.toThrow();
    });
  });
}

describe('TypeOrmNodeTemplateRepository on SQLite', () => {
  describeNodeTemplateRepositoryContract('node template repository contract', harness('sqlite'));
  describeSchemaRules('sqlite');
});
describeWithEnv('DATABASE_URL', 'TypeOrmNodeTemplateRepository on MariaDB', () => {
  describeNodeTemplateRepositoryContract('node template repository contract', harness('mysql'));
  describeSchemaRules('mysql');
});
