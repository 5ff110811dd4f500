import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FileSystemWorkspaceFiles } from '../../../adapters/workspace/filesystem/file-system-workspace-files';
import { describeWorkspaceFilesContract, HARNESS_LIMITS, OUTSIDE_TEXT, PlantedLink } from '../ports/workspace-files.contract';

async function makeHarness() {
  const base = await mkdtemp(join(tmpdir(), 'workspace-files-'));
  const workspaces = join(base, 'data', 'workspace');
  const outside = join(base, 'outside');
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), OUTSIDE_TEXT);
  const targets: Record<PlantedLink, (root: string) => string> = {
    'file outside': () => join(outside, 'secret.txt'),
    'folder outside': () => outside,
    'file inside': (root) => join(root, 'real.txt'),
    'nothing (dangling)': () => join(base, 'no-such-folder'),
  };
  return {
    files: new FileSystemWorkspaceFiles(workspaces, HARNESS_LIMITS),
    workspaces,
    async plantLink(ownerId: string, path: string, to: PlantedLink) {
      const root = join(workspaces, ownerId);
      await mkdir(dirname(join(root, path)), { recursive: true });
      await symlink(targets[to](root), join(root, path));
    },
    outsideText: () => readFile(join(outside, 'secret.txt'), 'utf8'),
    touched: async (ownerId: string) => existsSync(join(workspaces, ownerId)),
    destroy: () => rm(base, { recursive: true, force: true }),
  };
}

describeWorkspaceFilesContract('FileSystemWorkspaceFiles (real folders and symlinks)', makeHarness);

describe('FileSystemWorkspaceFiles on disk', () => {
  let harness: Awaited<ReturnType<typeof makeHarness>>;
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(() => harness?.destroy());

  it('When a user first writes, Then their folder and the workspaces folder are owner-only and the file is 0600', async () => {
    await harness.files.write('ada', 'docs/a.txt', new TextEncoder().encode('x'));
    const mode = async (path: string) => (await stat(join(harness.workspaces, path))).mode & 0o777;
    expect(await mode('.')).toBe(0o700);
    expect(await mode('ada')).toBe(0o700);
    expect(await mode('ada/docs')).toBe(0o700);
    expect(await mode('ada/docs/a.txt')).toBe(0o600);
  });

  it('When writes succeed or fail, Then no temporary file is left behind', async () => {
    await harness.files.write('bob', 'a.txt', new TextEncoder().encode('one'));
    await harness.files.write('bob', 'a.txt', new TextEncoder().encode('two'));
    await expect(harness.files.write('bob', 'b.txt', new Uint8Array(HARNESS_LIMITS.maxBytes))).rejects.toThrow();
    expect(await readdir(join(harness.workspaces, 'bob'))).toEqual(['a.txt']);
  });
});
