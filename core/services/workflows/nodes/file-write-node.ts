import { renderTemplate } from '../../../domain/workflow/template';
import { WorkspaceFileTooLargeError } from '../../../domain/workspace/workspace.errors';
import { WorkspaceFiles } from '../../../ports/workspace-files.port';
import { DailyQuotas } from '../../quotas/daily-quotas.service';
import { textField } from './node-config';
import { configObject, templateField } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';
import { ENCODING_FIELD, encodeContent, encodingOf, MAX_WORKSPACE_FILE_BYTES, workspacePath } from './workspace-file-content';

/**
 * Creates or replaces a file of the run's owner's workspace with the rendered `content`, UTF-8
 * text or base64-decoded bytes (behaviour rule 8: the port refuses any path that could leave the
 * workspace), charged to the owner's daily workspace-write quota. Output `{path, size_bytes}`, the path as the workspace normalised it.
 */
export class FileWriteNode implements NodeType {
  readonly type = 'file_write';
  readonly configSchema = configObject({ path: templateField(1), content: templateField(), encoding: ENCODING_FIELD }, ['path', 'content']);

  constructor(
    private readonly files: Pick<WorkspaceFiles, 'write'>,
    private readonly quotas: Pick<DailyQuotas, 'take'>,
  ) {}

  async run({ actor, config, scope }: NodeRunContext): Promise<NodeRunResult> {
    const path = workspacePath(renderTemplate(textField(config, 'path') ?? '', scope));
    const bytes = encodeContent(renderTemplate(textField(config, 'content') ?? '', scope), encodingOf(config.encoding));
    if (bytes.length > MAX_WORKSPACE_FILE_BYTES) throw new WorkspaceFileTooLargeError(MAX_WORKSPACE_FILE_BYTES);
    // Charged before the write, as an upload is: the daily allowance bounds what a run may write.
    await this.quotas.take(actor.userId, 'workspaceWriteBytes', bytes.length);
    const written = await this.files.write(actor.userId, path, bytes);
    return { output: { path: written.path, size_bytes: written.sizeBytes } };
  }
}
