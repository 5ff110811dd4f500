import { FileReadNode } from '../../../../../core/services/workflows/nodes/file-read-node';
import { MAX_WORKSPACE_FILE_BYTES } from '../../../../../core/services/workflows/nodes/workspace-file-content';
import { JsonObject } from '../../../../../core/shared/json';
import { InMemoryWorkspaceFiles } from '../../../../fixtures/workflows/in-memory-workspace-files';
import { nodeActor, nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

const encoder = new TextEncoder();

async function workspaceWith(path: string, bytes: Uint8Array, ownerId = nodeActor.userId): Promise<InMemoryWorkspaceFiles> {
  const files = new InMemoryWorkspaceFiles();
  await files.write(ownerId, path, bytes);
  files.calls.length = 0;
  return files;
}

const context = (config: JsonObject) => nodeContext({ type: 'file_read', config, input: { name: 'notes' } });

describe('file_read node', () => {
  it("When it reads a text file, Then the output is its UTF-8 content from the actor's workspace", async () => {
    const files = await workspaceWith('reports/notes.txt', encoder.encode('Grüße ✓'));

    const result = await new FileReadNode(files).run(context({ path: 'reports/{{input.name}}.txt' }));

    expect(result).toEqual({ output: { path: 'reports/notes.txt', content: 'Grüße ✓', encoding: 'utf-8', size_bytes: 11 } });
    expect(files.calls).toEqual([{ op: 'read', ownerId: 'user-1', path: 'reports/notes.txt', maxBytes: MAX_WORKSPACE_FILE_BYTES }]);
  });

  it('When it reads with encoding base64, Then the output is the bytes in base64', async () => {
    const files = await workspaceWith('logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]));

    const result = await new FileReadNode(files).run(context({ path: 'logo.png', encoding: 'base64' }));

    expect(result.output).toEqual({ path: 'logo.png', content: 'iVBORwD/', encoding: 'base64', size_bytes: 6 });
  });

  it('When the file is not UTF-8, Then reading it as text fails and names base64', async () => {
    const files = await workspaceWith('blob.bin', new Uint8Array([0xc3, 0x28]));

    await expect(new FileReadNode(files).run(context({ path: 'blob.bin' }))).rejects.toMatchObject({ code: 'workflow.not_text' });
  });

  it('When the file is larger than max_bytes, Then the node fails with the port error', async () => {
    const files = await workspaceWith('big.txt', encoder.encode('0123456789'));

    await expect(new FileReadNode(files).run(context({ path: 'big.txt', max_bytes: 4 }))).rejects.toMatchObject({ code: 'workspace.too_large' });
    expect(files.calls[0].maxBytes).toBe(4);
  });

  it("When the file is missing or only another user's, Then the node fails as not found", async () => {
    const files = await workspaceWith('secret.txt', encoder.encode('theirs'), 'user-2');

    await expect(new FileReadNode(files).run(context({ path: 'secret.txt' }))).rejects.toMatchObject({ code: 'workspace.not_found' });
  });

  it.each([['../other-user/secret.txt'], ['/etc/passwd']])('When the path is %s, Then the port refuses it and the node fails with its code', async (path) => {
    const files = new InMemoryWorkspaceFiles();

    await expect(new FileReadNode(files).run(context({ path }))).rejects.toMatchObject({ code: 'workspace.path_refused' });
  });

  it('When the path renders empty, Then the node fails before touching the workspace', async () => {
    const files = new InMemoryWorkspaceFiles();

    await expect(new FileReadNode(files).run(context({ path: '{{input.nothing}}' }))).rejects.toMatchObject({ code: 'workspace.path_refused' });
    expect(files.calls).toEqual([]);
  });
});
