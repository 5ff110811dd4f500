import { randomUUID } from 'node:crypto';
import {
  WorkspaceFileNotFoundError,
  WorkspaceFileTooLargeError,
  WorkspaceFolderNotEmptyError,
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

type WorkspaceFileState = 'missing' | 'present';
const stateOf = async (files: WorkspaceFiles, ownerId: string, path: string): Promise<WorkspaceFileState> =>
  (await files.stat(ownerId, path)) === undefined ? 'missing' : 'present';

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

    describe('reading the head of a file', () => {
      it('When the head of a file is read, Then only its first bytes come back, with the whole file described', async () => {
        const ada = owner();
        const written = await files().write(ada, 'long.txt', bytes('0123456789'));
        expect(await files().readHead(ada, 'long.txt', 4)).toEqual({ file: written, head: bytes('0123') });
        expect(await files().readHead(ada, './long.txt', 100)).toEqual({ file: written, head: bytes('0123456789') });
      });

      it('When the file is missing or a folder, Then readHead is WorkspaceFileNotFoundError', async () => {
        const ada = owner();
        await files().write(ada, 'folder/file.txt', bytes('x'));
        await expect(files().readHead(ada, 'nothing.txt', 10)).rejects.toBeInstanceOf(WorkspaceFileNotFoundError);
        await expect(files().readHead(ada, 'folder', 10)).rejects.toBeInstanceOf(WorkspaceFileNotFoundError);
      });
    });

    describe('appending', () => {
      it('When a file is appended to, Then the bytes are added at its end; a missing file and its folders are created', async () => {
        const ada = owner();
        expect(await files().append(ada, 'logs/run.log', bytes('one\n'), 100)).toEqual({ path: 'logs/run.log', sizeBytes: 4, modifiedAt: expect.any(Date) });
        expect(await files().append(ada, 'logs/run.log', bytes('two\n'), 100)).toMatchObject({ sizeBytes: 8 });
        expect(text(await files().read(ada, 'logs/run.log', 100))).toBe('one\ntwo\n');
      });

      it('When many appends race on one file, Then none is lost', async () => {
        const ada = owner();
        await Promise.all(Array.from({ length: 20 }, () => files().append(ada, 'race.log', bytes('x'), 100)));
        expect(text(await files().read(ada, 'race.log', 100))).toBe('x'.repeat(20));
      });

      it('When an append would take the file past its size limit, Then it is WorkspaceFileTooLargeError and the file is unchanged', async () => {
        const ada = owner();
        await files().append(ada, 'a.txt', bytes('12345'), 8);
        await expect(files().append(ada, 'a.txt', bytes('6789'), 8)).rejects.toBeInstanceOf(WorkspaceFileTooLargeError);
        await expect(files().append(ada, 'b.txt', bytes('123456789'), 8)).rejects.toBeInstanceOf(WorkspaceFileTooLargeError);
        expect(text(await files().read(ada, 'a.txt', 100))).toBe('12345');
        expect(await files().stat(ada, 'b.txt')).toBeUndefined();
      });

      it('When an append would pass the workspace size cap, Then it is WorkspaceFullError and nothing changes', async () => {
        const ada = owner();
        await files().write(ada, 'a.txt', bytes('x'.repeat(3990)));
        await expect(files().append(ada, 'a.txt', bytes('y'.repeat(11)), 10_000)).rejects.toBeInstanceOf(WorkspaceFullError);
        expect((await files().stat(ada, 'a.txt'))?.sizeBytes).toBe(3990);
      });

      it('When a folder stands where the file would be, Then the append is refused', async () => {
        const ada = owner();
        await files().makeFolder(ada, 'folder');
        await expect(files().append(ada, 'folder', bytes('x'), 100)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      });
    });

    describe('admitting a change', () => {
      it('When a write fits the caps, Then beforeChange runs before the bytes land, and its refusal cancels the write', async () => {
        const ada = owner();
        const seen: Array<WorkspaceFileState> = [];
        await files().write(ada, 'a.txt', bytes('x'), { beforeChange: async () => void seen.push(await stateOf(files(), ada, 'a.txt')) });
        expect(seen).toEqual(['missing']);
        await expect(
          files().append(ada, 'a.txt', bytes('y'), 100, {
            beforeChange: () => Promise.reject(new Error('no allowance left')),
          }),
        ).rejects.toThrow('no allowance left');
        await expect(files().write(ada, 'b/c.txt', bytes('y'), { beforeChange: () => Promise.reject(new Error('gone')) })).rejects.toThrow('gone');
        await expect(files().makeFolder(ada, 'd', { beforeChange: () => Promise.reject(new Error('gone')) })).rejects.toThrow('gone');
        expect(text(await files().read(ada, 'a.txt', 10))).toBe('x');
        expect((await files().list(ada, '', 10)).map((entry) => entry.path)).toEqual(['a.txt']);
      });

      it('When a change would pass a cap, Then beforeChange is not run', async () => {
        const ada = owner();
        const beforeChange = jest.fn(() => Promise.resolve());
        await expect(files().write(ada, 'big.txt', bytes('x'.repeat(4001)), { beforeChange })).rejects.toBeInstanceOf(WorkspaceFullError);
        expect(beforeChange).not.toHaveBeenCalled();
      });
    });

    describe('folders: entries, listing, creating and deleting', () => {
      it('When a file and a folder are asked about, Then entry tells them apart; a missing one is undefined', async () => {
        const ada = owner();
        await files().write(ada, 'docs/a.txt', bytes('abc'));
        expect(await files().entry(ada, 'docs/a.txt')).toEqual({ path: 'docs/a.txt', kind: 'file', sizeBytes: 3, modifiedAt: expect.any(Date) });
        expect(await files().entry(ada, 'docs/')).toEqual({ path: 'docs', kind: 'folder', sizeBytes: 0, modifiedAt: expect.any(Date) });
        expect(await files().entry(ada, '')).toEqual({ path: '', kind: 'folder', sizeBytes: 0, modifiedAt: expect.any(Date) });
        expect(await files().entry(ada, 'docs/b.txt')).toBeUndefined();
        expect(await files().entry(ada, 'docs/a.txt/below')).toBeUndefined();
      });

      it('When nothing was ever written, Then the workspace itself is an empty folder, and asking creates nothing', async () => {
        const ada = owner();
        expect(await files().entry(ada, '.')).toMatchObject({ path: '', kind: 'folder' });
        expect(await files().list(ada, '', 10)).toEqual([]);
        await expect(files().list(ada, 'docs', 10)).rejects.toBeInstanceOf(WorkspaceFileNotFoundError);
        expect(await files().delete(ada, 'a.txt')).toBe(false);
        expect(await harness.touched(ada)).toBe(false);
      });

      it('When a folder is listed, Then its files and folders come back sorted by path, at most the limit, without descending', async () => {
        const ada = owner();
        await files().write(ada, 'b.txt', bytes('bb'));
        await files().write(ada, 'a/inner.txt', bytes('x'));
        await files().makeFolder(ada, 'c');
        expect(await files().list(ada, '', 10)).toEqual([
          { path: 'a', kind: 'folder', sizeBytes: 0, modifiedAt: expect.any(Date) },
          { path: 'b.txt', kind: 'file', sizeBytes: 2, modifiedAt: expect.any(Date) },
          { path: 'c', kind: 'folder', sizeBytes: 0, modifiedAt: expect.any(Date) },
        ]);
        expect((await files().list(ada, './a', 10)).map((entry) => entry.path)).toEqual(['a/inner.txt']);
        expect((await files().list(ada, '', 2)).map((entry) => entry.path)).toEqual(['a', 'b.txt']);
      });

      it('When a missing folder or a file is listed, Then it is WorkspaceFileNotFoundError or WorkspacePathRefusedError', async () => {
        const ada = owner();
        await files().write(ada, 'a.txt', bytes('x'));
        await expect(files().list(ada, 'nowhere', 10)).rejects.toBeInstanceOf(WorkspaceFileNotFoundError);
        await expect(files().list(ada, 'a.txt', 10)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      });

      it('When folders are made, Then they and those above them exist, again and again; a file in the way is refused', async () => {
        const ada = owner();
        await files().makeFolder(ada, 'x/y/z');
        await files().makeFolder(ada, 'x/y/z');
        await files().makeFolder(ada, '');
        expect(await files().entry(ada, 'x/y/z')).toMatchObject({ kind: 'folder' });
        await files().write(ada, 'x/file', bytes('f'));
        await expect(files().makeFolder(ada, 'x/file')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().makeFolder(ada, 'x/file/below')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      });

      it('When folders would pass the cap on files and folders, Then makeFolder is WorkspaceFullError and creates none', async () => {
        const ada = owner();
        const deep = Array.from({ length: HARNESS_LIMITS.maxFiles + 1 }, (_, i) => `d${i}`).join('/');
        await expect(files().makeFolder(ada, deep)).rejects.toBeInstanceOf(WorkspaceFullError);
        expect(await files().entry(ada, 'd0')).toBeUndefined();
      });

      it('When a file or an empty folder is deleted, Then it is gone and a second delete answers false', async () => {
        const ada = owner();
        await files().write(ada, 'docs/a.txt', bytes('x'));
        expect(await files().delete(ada, 'docs/a.txt')).toBe(true);
        expect(await files().delete(ada, 'docs/a.txt')).toBe(false);
        expect(await files().delete(ada, 'docs')).toBe(true);
        expect(await files().entry(ada, 'docs')).toBeUndefined();
        expect(await files().delete(ada, 'nowhere/a.txt')).toBe(false);
      });

      it('When a folder that holds something is deleted, Then it is WorkspaceFolderNotEmptyError and nothing is removed', async () => {
        const ada = owner();
        await files().write(ada, 'docs/a.txt', bytes('x'));
        await expect(files().delete(ada, 'docs')).rejects.toBeInstanceOf(WorkspaceFolderNotEmptyError);
        expect(await files().stat(ada, 'docs/a.txt')).toBeDefined();
      });

      it('When another owner lists, asks about or deletes the same paths, Then they see only their own workspace', async () => {
        const [ada, bob] = [owner(), owner()];
        await files().write(ada, 'private/a.txt', bytes('ada only'));
        expect(await files().entry(bob, 'private/a.txt')).toBeUndefined();
        expect(await files().list(bob, '', 10)).toEqual([]);
        expect(await files().delete(bob, 'private/a.txt')).toBe(false);
        await expect(files().readHead(bob, 'private/a.txt', 10)).rejects.toBeInstanceOf(WorkspaceFileNotFoundError);
        expect(await files().stat(ada, 'private/a.txt')).toBeDefined();
      });
    });

    describe('behaviour rule 8: paths that could leave the workspace are refused before anything is touched', () => {
      const refusedForFiles = async (path: string) => {
        const ada = owner();
        for (const call of [
          () => files().write(ada, path, bytes('x')),
          () => files().append(ada, path, bytes('x'), 100),
          () => files().read(ada, path, 100),
          () => files().readHead(ada, path, 100),
          () => files().stat(ada, path),
          () => files().delete(ada, path),
        ]) {
          await expect(call()).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        }
        expect(await harness.touched(ada)).toBe(false);
      };
      const refusedEverywhere = async (path: string) => {
        await refusedForFiles(path);
        const ada = owner();
        await expect(files().entry(ada, path)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().list(ada, path, 10)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().makeFolder(ada, path)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
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
      it('When the path is empty or names only the workspace itself, Then every file operation refuses it', async () => {
        await refusedForFiles('');
        await refusedForFiles('./');
      });
      it('When the path is longer than 1024 characters, Then it is refused', () => refusedEverywhere(`${'a/'.repeat(512)}b`));
      it('When one name is longer than 255 bytes, Then it is refused', () => refusedEverywhere(`${'é'.repeat(128)}.txt`));

      it('When the owner id could name another folder, Then it is refused', async () => {
        await expect(files().write('../escape', 'a.txt', bytes('x'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().read('', 'a.txt', 10)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().list('../escape', '', 10)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().makeFolder('a/b', 'docs')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      });
    });

    describe('behaviour rule 8: symlinks are never followed out of the workspace', () => {
      it('When the file is a symlink to a file outside, Then read, stat and write are refused and the outside file is untouched', async () => {
        const ada = owner();
        await harness.plantLink(ada, 'notes/link.txt', 'file outside');
        await expect(files().read(ada, 'notes/link.txt', 1000)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().stat(ada, 'notes/link.txt')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().write(ada, 'notes/link.txt', bytes('overwritten'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().append(ada, 'notes/link.txt', bytes('appended'), 1000)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().readHead(ada, 'notes/link.txt', 10)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().entry(ada, 'notes/link.txt')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().delete(ada, 'notes/link.txt')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        expect(await harness.outsideText()).toBe(OUTSIDE_TEXT);
      });

      it('When the last name is a symlink even to a file inside, Then it is refused (a final symlink is never opened)', async () => {
        const ada = owner();
        await files().write(ada, 'real.txt', bytes('inside'));
        await harness.plantLink(ada, 'alias.txt', 'file inside');
        await expect(files().read(ada, 'alias.txt', 1000)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().entry(ada, 'alias.txt')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().append(ada, 'alias.txt', bytes('more'), 1000)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().write(ada, 'alias.txt', bytes('replaced'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        expect((await files().list(ada, '', 10)).map((entry) => entry.path)).toEqual(['real.txt']);
        expect(text(await files().read(ada, 'real.txt', 100))).toBe('inside');
      });

      it('When a folder on the path is a symlink to a folder outside, Then read and write through it are refused and nothing is created outside', async () => {
        const ada = owner();
        await harness.plantLink(ada, 'escape', 'folder outside');
        await expect(files().read(ada, 'escape/secret.txt', 1000)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().stat(ada, 'escape/secret.txt')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().write(ada, 'escape/planted.txt', bytes('x'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().write(ada, 'escape/deeper/planted.txt', bytes('x'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().append(ada, 'escape/secret.txt', bytes('x'), 1000)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().entry(ada, 'escape/secret.txt')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().list(ada, 'escape', 10)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().makeFolder(ada, 'escape/deeper')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().delete(ada, 'escape/secret.txt')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        expect(await harness.outsideText()).toBe(OUTSIDE_TEXT);
      });

      it('When a folder on the path is a dangling symlink, Then a write through it is refused rather than creating its target', async () => {
        const ada = owner();
        await harness.plantLink(ada, 'dangling', 'nothing (dangling)');
        await expect(files().write(ada, 'dangling/file.txt', bytes('x'))).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().makeFolder(ada, 'dangling/below')).rejects.toBeInstanceOf(WorkspacePathRefusedError);
        await expect(files().append(ada, 'dangling', bytes('x'), 100)).rejects.toBeInstanceOf(WorkspacePathRefusedError);
      });
    });
  });
}

export { OUTSIDE_TEXT };
