import { gzipSync } from 'node:zlib';
import { ValidationError } from '../../../core/shared/common.errors';
import { readPluginArchive } from '../../../contracts/platform/uploads/plugin-archive';

interface RawEntry {
  path: string;
  body?: Buffer | string;
  /** ustar typeflag: '0' file, '2' symlink, '5' directory. */
  type?: '0' | '2' | '5';
  linkpath?: string;
}

/** A ustar archive written by hand, so tests can hold what `tar -c` would never write (`..`, links). */
function rawTar(entries: RawEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.body ?? '');
    const header = Buffer.alloc(512);
    header.write(entry.path, 0, 100, 'utf8');
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write(entry.type ?? '0', 156);
    header.write(entry.linkpath ?? '', 157, 100, 'utf8');
    header.write('ustar\u000000', 257, 'binary');
    header.write('        ', 148);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

const MANIFEST = { id: 'word_count', version: '1.0.0', entry: 'dist/index.js' };
const CODE = 'module.exports = () => "ünïcode";';
const SIGNATURE = Buffer.alloc(64, 7);

const standard = (extra: RawEntry[] = []): RawEntry[] => [
  { path: 'manifest.json', body: JSON.stringify(MANIFEST, null, 2) },
  { path: 'dist/', type: '5' },
  { path: 'dist/index.js', body: CODE },
  { path: 'signature', body: `${SIGNATURE.toString('base64')}\n` },
  ...extra,
];

async function problemOf(archive: Buffer): Promise<string> {
  try {
    await readPluginArchive(archive);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).details?.[0].message ?? '';
  }
  throw new Error('the archive was accepted');
}

describe('reading a plugin archive', () => {
  it('When a gzipped archive holds the manifest, entry, signature and key id, Then it reads as the JSON bundle', async () => {
    const archive = gzipSync(
      rawTar(
        standard([
          { path: 'public_key_id', body: '7c7a228f9ab4e50c\n' },
          { path: 'README.md', body: '# hi' },
        ]),
      ),
    );
    expect(await readPluginArchive(archive)).toEqual({
      manifest: MANIFEST,
      code: CODE,
      signature: SIGNATURE.toString('base64'),
      public_key_id: '7c7a228f9ab4e50c',
    });
  });

  it('When the files sit under one folder and the signature is raw bytes, Then it reads the same (plain tar too)', async () => {
    const archive = rawTar([
      { path: 'package/manifest.json', body: JSON.stringify(MANIFEST) },
      { path: './package/dist/index.js', body: CODE },
      { path: 'package/signature.sig', body: SIGNATURE },
    ]);
    expect(await readPluginArchive(archive)).toEqual({ manifest: MANIFEST, code: CODE, signature: SIGNATURE.toString('base64') });
  });

  it('When there is no signature, Then it reads with an empty one (the signature check refuses it)', async () => {
    const archive = rawTar(standard().filter((e) => e.path !== 'signature'));
    expect((await readPluginArchive(archive)).signature).toBe('');
  });

  it.each([
    ['a symbolic link', standard([{ path: 'link', type: '2', linkpath: '/etc/passwd' }]), 'may hold only files and folders'],
    ['a path out of the archive', standard([{ path: '../evil.js', body: 'x' }]), 'unsafe path'],
    ['an absolute path', standard([{ path: '/tmp/evil.js', body: 'x' }]), 'unsafe path'],
    ['the entry twice', standard([{ path: 'dist/index.js', body: 'other' }]), 'twice'],
    ['no manifest', standard().slice(1), 'holds no manifest.json'],
    ['no entry file', standard().filter((e) => e.path !== 'dist/index.js'), 'holds no entry file "dist/index.js"'],
    ['a manifest that is not JSON', [{ path: 'manifest.json', body: '{nope' }], 'not valid JSON'],
    ['a manifest that is an array', [{ path: 'manifest.json', body: '[]' }], 'not a JSON object'],
    [
      'code that is not UTF-8',
      [
        { path: 'manifest.json', body: JSON.stringify(MANIFEST) },
        { path: 'dist/index.js', body: Buffer.from([0xff, 0xfe, 0x00]) },
      ],
      'not UTF-8',
    ],
  ])('When the archive holds %s, Then it is refused', async (_case, entries, message) => {
    expect(await problemOf(rawTar(entries as RawEntry[]))).toContain(message);
  });

  it('When a small gzip inflates past 16 MB, Then it is refused without being unpacked whole', async () => {
    const bomb = gzipSync(Buffer.alloc(17 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(100_000);
    expect(await problemOf(bomb)).toBe('unpacks to more than 16 MB');
  });

  it('When the bytes are neither gzip nor tar, Then it is refused', async () => {
    expect(await problemOf(Buffer.from('x'.repeat(2048)))).toBe('is not a valid tar archive');
    expect(await problemOf(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toBe('is not a valid gzip file');
  });
});
