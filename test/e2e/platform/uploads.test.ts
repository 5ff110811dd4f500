import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpResult, request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** Every way a path has been smuggled past a jail (behaviour rule 8), as the server receives it. */
const TRAVERSALS: Array<[string, string]> = [
  ['an absolute path', '/etc/passwd'],
  ['a home folder', '~/secret.txt'],
  ['".."', '../secret.txt'],
  ['".." in the middle', 'notes/../../secret.txt'],
  ['backslashes', '..\\..\\secret.txt'],
  ['a drive letter', 'C:/Windows/win.ini'],
  ['percent-encoded ".."', '%2e%2e/secret.txt'],
  ['a percent-encoded "/"', '..%2fsecret.txt'],
  ['double percent-encoding', '%252e%252e%252fsecret.txt'],
  ['a NUL byte', 'notes.txt\0.png'],
  ['an over-long path', `${'a/'.repeat(600)}b.txt`],
];

/** `/uploads`: a multipart upload into your workspace, checked by content, and a preview; paths are jailed. */
describe('Platform /uploads', () => {
  let app: StartedApp;
  let api: string;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp();
    api = `${app.platformUrl}/api/v1/uploads`;
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(() => app?.stop());

  const upload = async (user: PlatformUser | undefined, name: string, content: Uint8Array | string, folder?: string): Promise<HttpResult<Json>> => {
    const form = new FormData();
    if (folder !== undefined) form.append('folder', folder);
    form.append('file', new Blob([content]), name);
    const response = await fetch(api, { method: 'POST', body: form, headers: user ? { authorization: `Bearer ${user.token}` } : {} });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Json) : {}, text };
  };
  const preview = (user: PlatformUser | undefined, path: string, extra: Record<string, string> = {}) =>
    request<Json>('GET', `${api}/preview?${new URLSearchParams({ path, ...extra })}`, { token: user?.token });

  describe('POST /uploads', () => {
    it('When a text file is uploaded, Then it is stored under uploads/ and answered with its path, size and type', async () => {
      const res = await upload(ada, 'notes.txt', 'Hello, workspace ✓');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ path: 'uploads/notes.txt', name: 'notes.txt', size: 20, type: 'txt', modified_at: expect.stringMatching(ISO) });
    });

    it('When a folder is named, Then the file goes there', async () => {
      const res = await upload(ada, 'sales.csv', 'region,total\nnorth,12\n', 'reports/2024');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ path: 'reports/2024/sales.csv', type: 'csv', size: 22 });
    });

    it.each([
      ['md', 'readme.md', '# Title\n'],
      ['json', 'data.json', '{"a":[1,2]}'],
      ['png', 'pixel.png', PNG],
      ['jpeg', 'photo.JPG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])],
      ['pdf', 'paper.pdf', PDF],
    ])('When a %s file is uploaded, Then its type is recognised by content', async (type, name, content) => {
      const res = await upload(ada, name, content);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ path: `uploads/${name}`, type });
    });

    it('When the client sends a path as the file name, Then only its base name is used', async () => {
      const unix = await upload(ada, '../../../etc/evil.txt', 'x');
      const windows = await upload(ada, 'C:\\Users\\ada\\report.md', '# x');
      expect([unix.status, unix.body.path]).toEqual([201, 'uploads/evil.txt']);
      expect([windows.status, windows.body.path]).toEqual([201, 'uploads/report.md']);
    });

    it('When the same path is uploaded again, Then the file is replaced', async () => {
      await upload(ada, 'again.txt', 'first');
      await upload(ada, 'again.txt', 'second!');
      expect((await preview(ada, 'uploads/again.txt')).body).toMatchObject({ size: 7, text: 'second!' });
    });

    it('When the file is larger than 10 MB, Then it is 413 and nothing is stored', async () => {
      const res = await upload(ada, 'huge.txt', new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'payload_too_large', message: 'The file is larger than 10 MB' });
      expect((await preview(ada, 'uploads/huge.txt')).status).toBe(404);
    });

    it.each([
      ['an extension that is not accepted', 'tool.exe', new Uint8Array([0x4d, 0x5a, 0x90, 0])],
      ['no extension', 'README', 'plain text'],
      ['a PNG name on text', 'fake.png', 'not an image'],
      ['a PDF name on an image', 'fake.pdf', PNG],
      ['a text name on binary bytes', 'fake.txt', new Uint8Array([0x68, 0x69, 0, 1, 2])],
      ['a text name on invalid UTF-8', 'latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9])],
      ['a JSON name on text that does not parse', 'broken.json', '{"a": '],
    ])('When the upload has %s, Then it is 415 and nothing is stored', async (_case, name, content) => {
      const res = await upload(ada, name, content);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ error: 'unsupported_media_type', message: expect.any(String) });
      expect((await preview(ada, `uploads/${name}`)).status).toBe(404);
    });

    it('When the body is JSON rather than multipart, Then it is 400', async () => {
      const res = await request<Json>('POST', api, { token: ada.token, body: { file: 'notes.txt' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', message: 'Send the file as multipart/form-data in the field "file"' });
    });

    it('When the form has no file, or an empty one, Then it is 422', async () => {
      const form = new FormData();
      form.append('folder', 'docs');
      const none = await fetch(api, { method: 'POST', body: form, headers: { authorization: `Bearer ${ada.token}` } });
      expect(none.status).toBe(422);
      expect(await none.json()).toEqual({
        error: 'validation_error',
        message: 'A file is required',
        details: [{ field: 'file', message: 'send one file in the form field "file"' }],
      });
      expect((await upload(ada, 'empty.txt', '')).status).toBe(422);
    });

    it.each(TRAVERSALS)('When the folder is %s, Then it is 400 path_refused and nothing is stored', async (_form, folder) => {
      const res = await upload(ada, 'planted.txt', 'x', folder);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'path_refused', message: expect.stringMatching(/^The path is refused: /) });
    });

    it('When the caller has no token, Then it is 401', async () => {
      const res = await upload(undefined, 'notes.txt', 'x');
      expect(res.status).toBe(401);
    });
  });

  describe('GET /uploads/preview', () => {
    it('When a text file is previewed, Then its name, size, type and text come back', async () => {
      await upload(ada, 'letter.md', '# Dear Bob\nÇa va ?');
      const res = await preview(ada, 'uploads/letter.md');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        path: 'uploads/letter.md',
        name: 'letter.md',
        size: 19,
        type: 'md',
        binary: false,
        text: '# Dear Bob\nÇa va ?',
        truncated: false,
        modified_at: expect.stringMatching(ISO),
      });
    });

    it('When the text is longer than max_chars, Then it is cut there and marked truncated', async () => {
      await upload(ada, 'long.txt', `${'é'.repeat(150)}tail`);
      const res = await preview(ada, './uploads//long.txt', { max_chars: '100' });
      expect(res.body).toMatchObject({ path: 'uploads/long.txt', text: 'é'.repeat(100), truncated: true });
    });

    it('When a file is larger than uploads may be, Then only its head is read: the start of its text comes back, marked truncated', async () => {
      const root = join(app.services.app.config.dataDir, 'workspace', ada.id, 'big');
      await mkdir(root, { recursive: true });
      // 12 MB of two-byte characters after one ASCII byte, so every cut of the head splits a character.
      await writeFile(join(root, 'log.json'), `[${'é'.repeat(6 * 1024 * 1024)}`);
      const res = await preview(ada, 'big/log.json', { max_chars: '20000' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        path: 'big/log.json',
        name: 'log.json',
        size: 12 * 1024 * 1024 + 1,
        type: 'json',
        binary: false,
        text: `[${'é'.repeat(19_999)}`,
        truncated: true,
        modified_at: expect.stringMatching(ISO),
      });
    });

    it('When a binary file is previewed, Then it is flagged binary with no text', async () => {
      await upload(ada, 'chart.png', PNG);
      const res = await preview(ada, 'uploads/chart.png');
      expect(res.body).toMatchObject({ type: 'png', binary: true, text: null, truncated: false, size: PNG.length });
    });

    it('When max_chars is out of range, Then it is 422', async () => {
      expect((await preview(ada, 'uploads/long.txt', { max_chars: '0' })).status).toBe(422);
      expect((await preview(ada, 'uploads/long.txt', { max_chars: '20001' })).status).toBe(422);
    });

    it('When another user asks for your file, Then it is 404 for them', async () => {
      await upload(ada, 'private.txt', 'ada only');
      const res = await preview(bob, 'uploads/private.txt');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No file "uploads/private.txt" in the workspace' });
    });

    it('When another user climbs to your folder by id, Then it is refused', async () => {
      await upload(ada, 'private.txt', 'ada only');
      const res = await preview(bob, `../${ada.id}/uploads/private.txt`);
      expect(res.status).toBe(400);
    });

    it.each(TRAVERSALS)('When the path is %s, Then it is 400 path_refused', async (_form, path) => {
      const res = await preview(ada, path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'path_refused', message: expect.stringMatching(/^The path is refused: /) });
    });

    it('When a file in the workspace is a symlink to a file outside, Then it is refused and nothing of it is shown', async () => {
      const root = join(app.services.app.config.dataDir, 'workspace', ada.id);
      const outside = join(app.services.app.config.dataDir, 'outside-secret.txt');
      await writeFile(outside, 'TOP SECRET');
      await mkdir(join(root, 'links'), { recursive: true });
      await symlink(outside, join(root, 'links', 'secret.txt'));
      await symlink(app.services.app.config.dataDir, join(root, 'links', 'data'));

      for (const path of ['links/secret.txt', 'links/data/outside-secret.txt']) {
        const res = await preview(ada, path);
        expect(res.status).toBe(400);
        expect(res.text).not.toContain('TOP SECRET');
      }
      expect((await upload(ada, 'planted.txt', 'x', 'links/data')).status).toBe(400);
    });

    it('When the path is missing, Then it is 422', async () => {
      const res = await request<Json>('GET', `${api}/preview`, { token: ada.token });
      expect(res.status).toBe(422);
    });
  });
});
