import { StorageKind } from '../../../adapters/config/app-config';
import { CUSTOM_TOOL_REPOSITORY } from '../../../core/ports/custom-tool-repository.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { aCodeTool, describeCustomToolRepositoryContract } from '../ports/custom-tool-repository.contract';
import { aUser } from '../../fixtures/users/user.mother';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return {
    tools: storage.get(CUSTOM_TOOL_REPOSITORY),
    addOwner: async () => {
      const user = aUser();
      await storage.get(USER_REPOSITORY).create(user);
      return user.id;
    },
    destroy: () => storage.destroy(),
  };
};

function describeForeignKey(kind: StorageKind): void {
  describe('the owner foreign key', () => {
    let storage: TestStorage;
    beforeAll(async () => {
      storage = await createTestStorage(kind);
    });
    afterAll(async () => {
      await storage?.destroy();
    });

    it('When the owner is deleted, Then their tools go with them', async () => {
      const user = aUser();
      await storage.get(USER_REPOSITORY).create(user);
      const tool = aCodeTool(user.id);
      await storage.get(CUSTOM_TOOL_REPOSITORY).create(tool);

      await storage.dataSource.query('DELETE FROM users WHERE id = ?', [user.id]);
      expect(await storage.get(CUSTOM_TOOL_REPOSITORY).findById(tool.id)).toBeNull();
    });

    it('When the owner does not exist, Then the tool is refused', async () => {
      await expect(storage.get(CUSTOM_TOOL_REPOSITORY).create(aCodeTool('00000000-0000-4000-8000-000000000000'))).rejects.toThrow();
    });
  });
}

describe('TypeOrmCustomToolRepository on SQLite', () => {
  describeCustomToolRepositoryContract('custom tool repository contract', harness('sqlite'));
  describeForeignKey('sqlite');
});
describeWithEnv('DATABASE_URL', 'TypeOrmCustomToolRepository on MariaDB', () => {
  describeCustomToolRepositoryContract('custom tool repository contract', harness('mysql'));
  describeForeignKey('mysql');
});
