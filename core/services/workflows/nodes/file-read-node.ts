import { renderTemplate } from '../../../domain/workflow/template';
import { WorkspaceFiles } from '../../../ports/workspace-files.port';
import { numberField, textField } from './node-config';
import { configObject, templateField } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';
import { decodeContent, ENCODING_FIELD, encodingOf, MAX_WORKSPACE_FILE_BYTES, workspacePath } from './workspace-file-content';

/**
 * Reads a file of the run's owner's workspace (behaviour rule 8: the port refuses any path that
 * could leave it) as UTF-8 text or base64. Output `{path, content, encoding, size_bytes}`; a
 * missing, refused or too large file fails the node with the port's code (`workspace.not_found`…).
 */
export class FileReadNode implements NodeType {
  readonly type = 'file_read';
  readonly configSchema = configObject(
    { path: templateField(1), encoding: ENCODING_FIELD, max_bytes: { type: 'integer', minimum: 1, maximum: MAX_WORKSPACE_FILE_BYTES } },
    ['path'],
  );

  constructor(private readonly files: Pick<WorkspaceFiles, 'read'>) {}

  async run({ actor, config, scope }: NodeRunContext): Promise<NodeRunResult> {
    const path = workspacePath(renderTemplate(textField(config, 'path') ?? '', scope));
    const encoding = encodingOf(config.encoding);
    const maxBytes = Math.min(Math.max(Math.trunc(numberField(config, 'max_bytes') ?? MAX_WORKSPACE_FILE_BYTES), 1), MAX_WORKSPACE_FILE_BYTES);
    const bytes = await this.files.read(actor.userId, path, maxBytes);
    return { output: { path, content: decodeContent(bytes, encoding), encoding, size_bytes: bytes.length } };
  }
}
