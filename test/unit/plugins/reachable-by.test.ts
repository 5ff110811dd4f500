import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstUnreachable } from '../../../plugins/kernel/sandbox/reachable-by';

const STRANGER = { uid: 65534, gid: 65534 };
const ON_POSIX = process.platform !== 'win32';

(ON_POSIX ? describe : describe.skip)('firstUnreachable', () => {
  let root: string;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'reachable-'));
    chmodSync(root, 0o755);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const file = (dirMode: number, fileMode: number): string => {
    const dir = join(root, `d${dirMode.toString(8)}-${fileMode.toString(8)}`);
    mkdirSync(dir);
    const path = join(dir, 'worker.js');
    writeFileSync(path, '');
    chmodSync(path, fileMode);
    chmodSync(dir, dirMode);
    return path;
  };

  it('When every directory on the way is searchable and the file readable by others, Then nothing is unreachable', () => {
    expect(firstUnreachable(STRANGER, [file(0o755, 0o644)])).toBeUndefined();
  });

  it('When a directory on the way is owner-only (a checkout under /root), Then that file is reported', () => {
    const hidden = file(0o700, 0o644);
    expect(firstUnreachable(STRANGER, [file(0o755, 0o644), hidden])).toBe(hidden);
  });

  it('When the file itself is not readable by others, Then it is reported', () => {
    const unreadable = file(0o755, 0o600);
    expect(firstUnreachable(STRANGER, [unreadable])).toBe(unreadable);
  });

  it('When the identity owns the file, Then the owner bits decide', () => {
    const own = file(0o755, 0o600);
    expect(firstUnreachable({ uid: process.getuid?.() ?? 0, gid: 424242 }, [own])).toBeUndefined();
  });

  it('When the path does not exist, Then it is reported', () => {
    expect(firstUnreachable(STRANGER, [join(root, 'missing.js')])).toBe(join(root, 'missing.js'));
  });
});
