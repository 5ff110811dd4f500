import { join } from 'node:path';
import { ContainerModule } from 'inversify';
import { WORKSPACE_FILES } from '../../core/ports/workspace-files.port';
import { AppConfig } from '../config/app-config';
import { FileSystemWorkspaceFiles } from './filesystem/file-system-workspace-files';

/** WORKSPACE_FILES: each user's folder under `<DATA_DIR>/workspace` (the same folders the kernel's `workspace` capability serves), within WORKSPACE_MAX_BYTES and WORKSPACE_MAX_FILES. */
export function workspaceModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(WORKSPACE_FILES).toConstantValue(new FileSystemWorkspaceFiles(join(config.dataDir, 'workspace'), config.workspace));
  });
}
