import { FileWriteNode } from '../../../../../core/services/workflows/nodes/file-write-node';
import { MAX_WORKSPACE_FILE_BYTES } from '../../../../../core/services/workflows/nodes/workspace-file-content';
import { JsonObject } from '../../../../../core/shared/json';
import { InMemoryWorkspaceFiles } from '../../../../fixtures/workflows/in-memory-workspace-files';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

const decoder = new TextDecoder();
const charged: number[] = [];
const quotas = { take: async (_userId: string, _quota: string, amount = 1) => void charged.push(amount) };
const context = (config: JsonObject) => nodeContext({ type: 'file_write', config, input: { name: 'summary', text: 'Grüße', blob: 'iVBORwD/' } });

describe('file_write node', () => {
  it("When it writes text, Then the rendered content lands in the actor's workspace as UTF-8", async () => {
    const files = new InMemoryWorkspaceFiles();

    const result = await new FileWriteNode(files, quotas).run(context({ path: './out/{{input.name}}.md', content: '# {{input.text}}' }));

    expect(result).toEqual({ output: { path: 'out/summary.md', size_bytes: 9 } });
    expect(charged.at(-1)).toBe(9);
    expect(decoder.decode(await files.read('user-1', 'out/summary.md', 100))).toBe('# Grüße');
  });

  it('When it writes base64, Then the decoded bytes are written', async () => {
    const files = new InMemoryWorkspaceFiles();

    const result = await new FileWriteNode(files, quotas).run(context({ path: 'logo.png', content: '{{input.blob}}', encoding: 'base64' }));

    expect(result.output).toEqual({ path: 'logo.png', size_bytes: 6 });
    expect([...(await files.read('user-1', 'logo.png', 100))]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
  });

  it('When the base64 content is not base64, Then the node fails and nothing is written', async () => {
    const files = new InMemoryWorkspaceFiles();

    await expect(new FileWriteNode(files, quotas).run(context({ path: 'x.bin', content: 'not base64!', encoding: 'base64' }))).rejects.toMatchObject({
      code: 'workflow.invalid_base64',
    });
    expect(files.calls).toEqual([]);
  });

  it('When the content is larger than the cap, Then the node fails as too large and nothing is written', async () => {
    const files = new InMemoryWorkspaceFiles();
    // Three bytes a character in UTF-8: over the byte cap while under the rendering cap.
    const big = '€'.repeat(Math.ceil(MAX_WORKSPACE_FILE_BYTES / 3) + 1);

    await expect(new FileWriteNode(files, quotas).run(context({ path: 'big.txt', content: big }))).rejects.toMatchObject({
      code: 'workspace.too_large',
    });
    expect(files.calls).toEqual([]);
  });

  it('When the path would leave the workspace, Then the port refuses it and the node fails with its code', async () => {
    const files = new InMemoryWorkspaceFiles();

    await expect(new FileWriteNode(files, quotas).run(context({ path: '../../etc/cron.d/x', content: 'x' }))).rejects.toMatchObject({
      code: 'workspace.path_refused',
    });
  });

  it('When the daily write quota is spent, Then the node fails with the quota error and nothing is written', async () => {
    const files = new InMemoryWorkspaceFiles();
    const spent = { take: async () => Promise.reject(Object.assign(new Error('spent'), { code: 'quota.exceeded' })) };

    await expect(new FileWriteNode(files, spent).run(context({ path: 'x.txt', content: 'x' }))).rejects.toMatchObject({ code: 'quota.exceeded' });
    expect(files.calls).toEqual([]);
  });
});
