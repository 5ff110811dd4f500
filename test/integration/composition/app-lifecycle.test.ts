import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoadedApp } from '../../../adapters/composition/loaded-app';
import { RunningApp } from '../../../adapters/composition/running-app';
import { WiredApp } from '../../../adapters/composition/wired-app';
import { createPinoRoot } from '../../../adapters/system/pino-logger';
import { USER_REPOSITORY, UserRepository } from '../../../core/ports/user-repository.port';
import { CAPABILITY_NAMES } from '../../../core/domain/tool/tool-descriptor';
import { PLUGIN_KERNEL } from '../../../plugins/kernel/kernel.module';
import { PluginKernel } from '../../../plugins/kernel/plugin-kernel';
import { testConfig } from '../../support/test-config';

describe('The composition root: load, wire, start', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lifecycle-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('When an app is loaded, wired and started, Then every routed capability is installed and close releases the database', async () => {
    const loaded = await LoadedApp.load(testConfig({ DATA_DIR: dataDir }), createPinoRoot('silent'));
    const app = await RunningApp.start(WiredApp.wire(loaded), 'embedded');
    const kernel = app.container.get<PluginKernel>(PLUGIN_KERNEL);
    for (const name of CAPABILITY_NAMES.filter((n) => n !== 'log')) expect(kernel.capabilities.has(name)).toBe(true);
    await app.close();
    expect(loaded.storage.dataSource.isInitialized).toBe(false);
    await expect(app.container.get<UserRepository>(USER_REPOSITORY).findByEmail('a@example.com')).rejects.toThrow();
  });

  it('When a loaded app is wired a second time, Then it is refused', async () => {
    const loaded = await LoadedApp.load(testConfig({ DATA_DIR: dataDir }), createPinoRoot('silent'));
    try {
      WiredApp.wire(loaded);
      expect(() => WiredApp.wire(loaded)).toThrow('already wired');
    } finally {
      await loaded.resources.closeAll();
    }
  });
});
