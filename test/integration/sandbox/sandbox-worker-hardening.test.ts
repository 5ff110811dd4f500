import { fork, StdioOptions } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDataDirOwnerOnly } from '../../../adapters/system/owner-only-data-dir';
import { createEmptyWorkingDirectory, removeEmptyWorkingDirectory } from '../../../plugins/kernel/sandbox/empty-working-directory';
import { firstUnreachable } from '../../../plugins/kernel/sandbox/reachable-by';
import { sandboxIdentity } from '../../../plugins/kernel/sandbox/sandbox-identity';
import { SandboxSupervisor } from '../../../plugins/kernel/sandbox/sandbox-supervisor';
import { workerForkOptions } from '../../../plugins/kernel/sandbox/sandbox-worker-process';
import { sandboxWorkerScript } from '../../../plugins/kernel/sandbox/worker-script';

const FIXTURES = join(__dirname, '../../fixtures/plugins');
const ROOT_IDENTITY = sandboxIdentity('nobody');
// A checkout the sandbox user cannot read (under /root) makes the kernel keep the server's user: nothing to drop to then.
const UNREACHABLE = ROOT_IDENTITY && firstUnreachable(ROOT_IDENTITY, [join(FIXTURES, 'probe-worker.js'), require.resolve('isolated-vm')]);
const AS_ROOT = process.getuid?.() === 0 && !UNREACHABLE;
const ON_LINUX = process.platform === 'linux';
const plugin = { key: 'probe@1.0.0#0', id: 'probe', code: '', grants: [], memoryMb: 16, cpuMs: 1000, timeoutMs: 5000 };

interface Findings {
  uid: number;
  gid: number;
  groups: number[];
  cwd: string;
  cwdEntries: string[] | string;
  readFile: string;
  listDir: string[] | string;
}

function descriptorsOf(pid: number): string[] {
  return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

if (UNREACHABLE) console.info(`Sandbox user tests skipped: nobody cannot read ${UNREACHABLE}, so workers keep the test user`);
else if (!AS_ROOT) console.info('Sandbox user tests skipped: the tests do not run as root, so workers keep the test user');

describe('Sandbox worker processes', () => {
  let dataDir: string;
  let secretFile: string;

  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'hardening-')), 'data');
    makeDataDirOwnerOnly(dataDir);
    secretFile = join(dataDir, 'jwt-secret');
    writeFileSync(secretFile, 'do-not-leak', { mode: 0o644 });
  });
  afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

  it('When the server starts, Then DATA_DIR is owner-only, even when it existed with wider permissions', () => {
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const existing = mkdtempSync(join(tmpdir(), 'wide-'));
    try {
      makeDataDirOwnerOnly(existing);
      expect(statSync(existing).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(existing, { recursive: true, force: true });
    }
  });

  it('When SANDBOX_USER names no user of this system, Then the kernel refuses to start rather than keep workers as root', () => {
    expect(() => sandboxIdentity('no_such_sandbox_user', 0)).toThrow(/not a user of this system/);
    expect(sandboxIdentity('nobody', 0)).toEqual({ uid: expect.any(Number), gid: expect.any(Number) });
  });

  it('When DATA_DIR cannot be created, Then start-up stops naming it', () => {
    const file = join(dataDir, 'not-a-directory');
    writeFileSync(file, 'x');
    expect(() => makeDataDirOwnerOnly(join(file, 'data'))).toThrow(`DATA_DIR ${join(file, 'data')} cannot be created or made owner-only (0700): ENOTDIR`);
  });

  describe('Given a worker started by the supervisor', () => {
    let supervisor: SandboxSupervisor;
    let findings: Findings;

    beforeEach(async () => {
      supervisor = new SandboxSupervisor({ workers: 1, script: join(FIXTURES, 'probe-worker.js'), identity: AS_ROOT ? ROOT_IDENTITY : undefined });
      await supervisor.start();
      supervisor.load(plugin);
      const result = await supervisor.run(
        { key: plugin.key, user: 'u1', input: JSON.stringify({ file: secretFile, dir: dataDir }), cpuMs: 1000, timeoutMs: 5000 },
        async () => '0{}',
      );
      if (!result.ok) throw new Error(`the probe failed: ${result.error.message}`);
      findings = JSON.parse(result.output) as Findings;
    });
    afterEach(() => supervisor.close());

    it('When it looks at its working directory, Then it is an empty directory outside the server’s files', () => {
      expect(findings.cwd).not.toBe(process.cwd());
      expect(findings.cwd.startsWith(dataDir)).toBe(false);
      expect(findings.cwdEntries).toEqual([]);
    });

    (AS_ROOT ? it : it.skip)('When the server runs as root, Then the worker runs as the unprivileged sandbox user with no extra groups', () => {
      expect(sandboxIdentity('nobody')).toEqual({ uid: findings.uid, gid: findings.gid });
      expect(findings.uid).not.toBe(0);
      expect(findings.groups.filter((g) => g !== findings.gid)).toEqual([]);
    });

    (AS_ROOT ? it : it.skip)('When it tries to read a file in DATA_DIR or list DATA_DIR, Then permission is denied', () => {
      expect(findings.readFile).toBe('error EACCES');
      expect(findings.listDir).toBe('error EACCES');
    });

    it('When the supervisor closes, Then the working directory is removed', async () => {
      await supervisor.close();
      expect(() => statSync(findings.cwd)).toThrow();
    });
  });

  (ON_LINUX ? it : it.skip)(
    'When the server holds a descriptor open that a child would inherit, Then the sandbox worker closes it before it is ready',
    async () => {
      const cwd = createEmptyWorkingDirectory();
      const inherited = openSync(secretFile, 'r');
      const options = workerForkOptions({
        script: sandboxWorkerScript(),
        heapMb: 256,
        workerOptions: {},
        graceMs: 0,
        startTimeoutMs: 0,
        cwd,
        identity: AS_ROOT ? ROOT_IDENTITY : undefined,
      });
      // An extra stdio entry is inherited exactly as a descriptor the server got without close-on-exec.
      const child = fork(sandboxWorkerScript(), ['{}'], { ...options, stdio: [...(options.stdio as StdioOptions[] & unknown[]), inherited] as StdioOptions });
      try {
        await new Promise<void>((resolve, reject) => {
          child.once('message', () => resolve());
          child.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
        });
        const open = descriptorsOf(child.pid as number);
        expect(open).not.toContain(secretFile);
        expect(open.filter((target) => target.startsWith('/') && target !== '/dev/null')).toEqual([]);
      } finally {
        child.kill('SIGKILL');
        closeSync(inherited);
        removeEmptyWorkingDirectory(cwd);
      }
    },
  );
});
