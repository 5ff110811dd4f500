import { WorkspaceFiles } from '../../../ports/workspace-files.port';
import { NodeFailure } from './node-failure';

function unavailable(): never {
  throw new NodeFailure('workspace.unavailable', 'The workspace is not available on this server');
}

/** Stands in where no workspace adapter is bound. */
export const unavailableWorkspace: Pick<WorkspaceFiles, 'read' | 'write'> = { read: async () => unavailable(), write: async () => unavailable() };
