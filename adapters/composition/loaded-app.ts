import pino from 'pino';
import { AppConfig } from '../config/app-config';
import { createStorage, Storage } from '../storage/storage.module';
import { makeDataDirOwnerOnly } from '../system/owner-only-data-dir';
import { AppResources } from './app-resources';

/**
 * Step 1 of the composition root (load → wire → start): what must exist before anything is
 * bound. The data folder is made owner-only and the database connected and migrated. Only
 * `wireApp` takes a loaded app, and only once.
 */
export class LoadedApp {
  private wired = false;

  private constructor(
    readonly config: AppConfig,
    readonly logger: pino.Logger,
    readonly storage: Storage,
    readonly resources: AppResources,
  ) {}

  static async load(config: AppConfig, logger: pino.Logger): Promise<LoadedApp> {
    makeDataDirOwnerOnly(config.dataDir);
    const resources = new AppResources();
    const storage = await createStorage(config);
    resources.add(() => storage.close());
    return new LoadedApp(config, logger, storage, resources);
  }

  /** Called by the wire step: one container per loaded app, so no two containers share its connections. */
  markWired(): void {
    if (this.wired) throw new Error('This app is already wired');
    this.wired = true;
  }
}
