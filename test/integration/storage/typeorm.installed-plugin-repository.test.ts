import { StorageKind } from '../../../adapters/config/app-config';
import { INSTALLED_PLUGIN_REPOSITORY } from '../../../core/ports/installed-plugin-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeInstalledPluginRepositoryContract } from '../ports/installed-plugin-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { plugins: storage.get(INSTALLED_PLUGIN_REPOSITORY), destroy: () => storage.destroy() };
};

describeInstalledPluginRepositoryContract('TypeOrmInstalledPluginRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmInstalledPluginRepository on MariaDB', () =>
  describeInstalledPluginRepositoryContract('Installed plugin repository contract', harness('mysql')),
);
