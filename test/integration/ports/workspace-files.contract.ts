import { randomUUID } from 'node:crypto';
import {
  WorkspaceFileNotFoundError,
  WorkspaceFileTooLargeError,
  WorkspaceFullError,
  WorkspacePathRefusedError,
} from '../../../core/domain/workspace/workspace.errors';
import { WorkspaceFiles } from '../../../core/ports/workspace-files.port';

/** What a test plants behind the port's back, as a local user (or a broken tool) could. */
export type PlantedLink = 'file outside' | 'folder outside' | 'file inside' | 'nothing (dangling)';

export interface WorkspaceFilesHarness {
  /** At most 4,000 bytes and 40 files and folders per workspace. */
  files: WorkspaceFiles;
  /** A symlink at `path` in the owner's workspace (its folders created), pointing where `to` says. */
  plantLink(ownerId: string, path: string, to: PlantedLink): Promise<void>;
  /** The secret outside every workspace that the links point at: its text now. */
  outsideText(): Promise<string>;
  /** Whether anything of the owner's exists on disk (a refusal must not have created their folder). */
  touched(ownerId: string): Promise<boolean>;
  destroy(): Promise<void>;
}

export const HARNESS_LIMITS = { maxBytes: 4_000, maxFiles: 40 };
const OUTSIDE_TEXT = 'the secret outside the workspace';
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

/** The WorkspaceFiles contract; behaviour rule 8 has one named test per refused path form. */
export function describeWorkspaceFilesContract(name: string, makeHarness: () => Promise<WorkspaceFilesHarness>): void {
  describe(name, () => {
    let harness: WorkspaceFilesHarness;
    const files = (): WorkspaceFiles => harness.files;
    const owner = () => randomUUID();

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    describe('reading and writing', () => {
      it('When a file is written, Then it reads back byte for byte and stat reports its normalised path, size and time', async () => {
        const ada = owner();
        const data = new Uint8Array([0, 1, 2, 255, 10, 13]);
        const written = await files().write(ada, './notes//day 1/raw.bin', data);

        expect(written).toEqual({ path: 'notes/day 1/raw.bin', sizeBytes: 6, modifiedAt: expect.any(Date) });
        expect(await files().read(ada, 'notes/day 1/raw.bin', 100)).toEqual(data);
        expect(await files().stat(ada, 'notes/day 1/raw.bin')).toEqual(written);
      });

      it('When a file is written again, Then it is replaced whole', async () => {
        const ada = owner();
        await files().write(ada, 'a.txt', bytes('first version, rather long'));
        await files().write(ada, 'a.txt', bytes('second'));
        expect(text(await files().read(ada, 'a.txt', 100))).toBe('second');
      });

      it('When files are read while they are being replaced, Then every read sees one whole version, never a mix', async () => {
        const ada = owner();
        const [a, b] = [bytes('a'.repeat(1500)), bytes('b'.repeat(1500))];
        await files().write(ada, 'big.txt', a);
        const writes = Promise.all(Array.from({ length: 10 }, (_, i) => files().write(ada, 'big.txt', i % 2 ? a : b)));
        const reads = Promise.all(Array.from({ length: 30 }, () => files().read(ada, 'big.txt', 2000)));
        const [, seen] = await Promise.all([writes, reads]);
        for (const version of seen) expect([text(a), text(b)]).toContain(text(version));
      });

      it('When a file is missing, Then read is WorkspaceFileNotFoundError and stat undefined', async () => {
        const ada = owner();
        await expect(files().read(ada, 'nothing.txt', 10)).rejects.toBeInstanceOf(WorkspaceFileNotFoundError);
        expect(await files().stat(ada, 'nothing.txt')).toBeUndefined();
        await files().write(ada, 'folder/file.txt', bytes('x'));
        await expect(files().read(ada, 'folder', 10)).rejects.toBeInstanceOf(WorkspaceFileNotFoundError);
        expect(await files().stat(ada, 'folder')).toBeUndefined();
        await expect(files().read(ada, 'folder/file.txt/below', 10)).rejects.toBeInstanceOf(WorkspaceFileNotFoundError);
      });

      it('When a file is larger than the reader allows, Then read is WorkspaceFileTooLargeError', async () => {
        const ada = owner();
        await files().write(ada, 'eleven.txt', bytes('x'.repeat(11)));
        await expect(files().read(ada, 'eleven.txt', 10)).rejects.toBeInstanceOf(WorkspaceFileTooLargeError);
        expect(await files().read(ada, 'eleven.txt', 11)).toHaveLength(11);
      });

      it('When another owner asks for the same path, Then it is not there for them', async () => {
        const [ada, bob] = [owner(), owner()];
        await files().write(ada, 'private.txt', bytes('ada only'));
        await expect(files().read(bob, 'private.txt', 100)).rejects.toBeInstanceOf(WorkspaceFileNotFoundError);
        expect(await files().stat(bob, 'private.txt')).toBeUndefined();
      });

      it('When a folder stands where a file would go, or a file where a folder would, Then the write is refused', async () => {
        const ada = owner();
        await files().write(ada, 'reports/q1.txt', bytes('x'));
        await expect(files().write(ada, 'reports', bytes('y'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().write(ada, 'reports/q1.txt/inner.txt', bytes('y'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      });

      it('When a write would pass the workspace size cap, Then it is WorkspaceFullError and nothing changes; replacing a file counts only the difference', async () => {
        const ada = owner();
        await files().write(ada, 'a.txt', bytes('x'.repeat(3000)));
        await expect(files().write(ada, 'b.txt', bytes('x'.repeat(1001)))).rejects.toBeInstanceOf(WorkspaceFullError);
        expect(await files().stat(ada, 'b.txt')).toBeUndefined();
        await files().write(ada, 'a.txt', bytes('x'.repeat(4000)));
        expect((await files().stat(ada, 'a.txt'))?.sizeBytes).toBe(4000);
      });

      it('When a write would pass the cap on files and folders, Then it is WorkspaceFullError', async () => {
        const ada = owner();
        const deep = Array.from({ length: HARNESS_LIMITS.maxFiles }, (_, i) => `d${i}`).join('/');
        await expect(files().write(ada, `${deep}/file.txt`, bytes('x'))).rejects.toBeInstanceOf(WorkspaceFullError);
      });
    });

    describe('behaviour rule 8: paths that could leave the workspace are refused before anything is touched', () => {
      const refusedEverywhere = async (path: string) => {
        const ada = owner();
        await expect(files().write(ada, path, bytes('x'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().read(ada, path, 100)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().stat(ada, path)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        expect(await harness.touched(ada)).toBe(false);
      };

      it('When the path is absolute, Then it is refused', () => refusedEverywhere('/etc/passwd'));
      it('When the path starts at a home folder, Then it is refused', () => refusedEverywhere('~/.ssh/id_rsa'));
      it('When the path climbs out with "..", Then it is refused', () => refusedEverywhere('../other-user/secret.txt'));
      it('When ".." hides in the middle of the path, Then it is refused', () => refusedEverywhere('notes/../../secret.txt'));
      it('When the path uses backslashes, Then it is refused', () => refusedEverywhere('..\\..\\secret.txt'));
      it('When the path names a drive, Then it is refused', () => refusedEverywhere('C:/Windows/win.ini'));
      it('When the path names a drive without a slash, Then it is refused', () => refusedEverywhere('c:secret.txt'));
      it('When ".." is percent-encoded, Then it is refused', () => refusedEverywhere('%2e%2e/secret.txt'));
      it('When "/" is percent-encoded, Then it is refused', () => refusedEverywhere('..%2fsecret.txt'));
      it('When the traversal is double percent-encoded, Then it is refused', () => refusedEverywhere('%252e%252e%252fsecret.txt'));
      it('When the path holds a NUL byte, Then it is refused', () => refusedEverywhere('report.txt\0.png'));
      it('When the path holds another control character, Then it is refused', () => refusedEverywhere('line\nbreak.txt'));
      it('When the path is empty, Then it is refused', () => refusedEverywhere(''));
      it('When the path names only the workspace itself, Then it is refused', () => refusedEverywhere('./'));
      it('When the path is longer than 1024 characters, Then it is refused', () => refusedEverywhere(`${'a/'.repeat(512)}b`));
      it('When one name is longer than 255 bytes, Then it is refused', () => refusedEverywhere(`${'é'.repeat(128)}.txt`));

      it('When the owner id could name another folder, Then it is refused', async () => {
        await expect(files().write('../escape', 'a.txt', bytes('x'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().read('', 'a.txt', 10)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      });
    });

    describe('behaviour rule 8: symlinks are never followed out of the workspace', () => {
      it('When the file is a symlink to a file outside, Then read, stat and write are refused and the outside file is untouched', async () => {
        const ada = owner();
        await harness.plantLink(ada, 'notes/link.txt', 'file outside');
        await expect(files().read(ada, 'notes/link.txt', 1000)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().stat(ada, 'notes/link.txt')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().write(ada, 'notes/link.txt', bytes('overwritten'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        expect(await harness.outsideText()).toBe(OUTSIDE_TEXT);
      });

      it('When the last name is a symlink even to a file inside, Then it is refused (a final symlink is never opened)', async () => {
        const ada = owner();
        await files().write(ada, 'real.txt', bytes('inside'));
        await harness.plantLink(ada, 'alias.txt', 'file inside');
        await expect(files().read(ada, 'alias.txt', 1000)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      });

      it('When a folder on the path is a symlink to a folder outside, Then read and write through it are refused and nothing is created outside', async () => {
        const ada = owner();
        await harness.plantLink(ada, 'escape', 'folder outside');
        await expect(files().read(ada, 'escape/secret.txt', 1000)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().stat(ada, 'escape/secret.txt')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().write(ada, 'escape/planted.txt', bytes('x'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().write(ada, 'escape/deeper/planted.txt', bytes('x'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        expect(await harness.outsideText()).toBe(OUTSIDE_TEXT);
      });

      it('When a folder on the path is a dangling symlink, Then a write through it is refused rather than creating its target', async () => {
        const ada = owner();
        await harness.plantLink(ada, 'dangling', 'nothing (dangling)');
        await expect(files().write(ada, 'dangling/file.txt', bytes('x'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      });
    });
  });
}

export { OUTSIDE_TEXT };
