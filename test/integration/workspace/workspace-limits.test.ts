import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSystemWorkspaceFiles } from '../../../adapters/workspace/filesystem/file-system-workspace-files';
import { RATE_LIMITER } from '../../../core/ports/rate-limiter.port';
import { DailyQuotas } from '../../../core/services/quotas/daily-quotas.service';
import { CapabilityError } from '../../../plugins/kernel/capabilities/capability-error';
import { CapabilityCallContext } from '../../../plugins/kernel/capabilities/capability-handler';
import { WorkspaceCapability } from '../../../plugins/kernel/capabilities/workspace-capability';
import { unmeteredDailyQuotas } from '../../fixtures/quotas/unmetered-daily-quotas';
import { MutableClock } from '../../fixtures/schedules/schedule-test-bed';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';
import { createTestStorage, TestStorage } from '../../support/test-database';

const WORKSPACE_TOOLS = ['workspace_write', 'workspace_read'];
const userOf = (userId: string) => ({ actor: { userId, role: 'user' as const } });

describe('workspace_write within the workspace size cap', () => {
  let kernel: TestKernel;
  const onDisk = (userId: string, path: string) => join(kernel.dataDir, 'workspace', userId, path);

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: WORKSPACE_TOOLS, workspace: { maxBytes: 1_000, maxFiles: 5 } });
  });
  afterAll(() => kernel?.close());

  it('When a write would take the workspace past its bytes, Then it fails with quota_exceeded naming the cap and the file is not written', async () => {
    const { actor } = userOf('bytes-user');
    expect(await kernel.invoke('workspace_write', { path: 'a.txt', content: 'x'.repeat(600) }, { actor })).toMatchObject({ success: true });

    const outcome = await kernel.invoke('workspace_write', { path: 'b.txt', content: 'x'.repeat(401) }, { actor });

    expect(outcome).toMatchObject({
      success: false,
      error: { code: 'quota_exceeded', message: 'workspace.write: the workspace is full (at most 1000 bytes); delete files first' },
    });
    expect(existsSync(onDisk('bytes-user', 'b.txt'))).toBe(false);
    expect(await kernel.invoke('workspace_write', { path: 'b.txt', content: 'x'.repeat(400) }, { actor })).toMatchObject({ success: true });
  });

  it('When a full workspace has a file replaced by a smaller one or appended past the cap, Then the smaller one is written and the append refused', async () => {
    const { actor } = userOf('replace-user');
    expect(await kernel.invoke('workspace_write', { path: 'big.txt', content: 'x'.repeat(1_000) }, { actor })).toMatchObject({ success: true });

    expect(await kernel.invoke('workspace_write', { path: 'big.txt', content: 'y'.repeat(10) }, { actor })).toMatchObject({
      success: true,
      result: { size: 10 },
    });
    expect(await kernel.invoke('workspace_write', { path: 'big.txt', content: 'z'.repeat(991), mode: 'append' }, { actor })).toMatchObject({
      success: false,
      error: { code: 'quota_exceeded' },
    });
    expect(readFileSync(onDisk('replace-user', 'big.txt'), 'utf8')).toBe('y'.repeat(10));
  });

  it('When writes would create more files and folders than the cap, Then the one past it fails with quota_exceeded', async () => {
    const { actor } = userOf('files-user');
    expect(await kernel.invoke('workspace_write', { path: 'dir/one.txt', content: '1' }, { actor })).toMatchObject({ success: true });
    expect(await kernel.invoke('workspace_write', { path: 'dir/two.txt', content: '2' }, { actor })).toMatchObject({ success: true });
    expect(await kernel.invoke('workspace_write', { path: 'three.txt', content: '3' }, { actor })).toMatchObject({ success: true });

    const outcome = await kernel.invoke('workspace_write', { path: 'deeper/four.txt', content: '4' }, { actor });

    expect(outcome).toMatchObject({ success: false, error: { code: 'quota_exceeded', message: expect.stringContaining('at most 5 files and folders') } });
    expect(existsSync(onDisk('files-user', 'deeper'))).toBe(false);
    expect(await kernel.invoke('workspace_write', { path: 'four.txt', content: '4' }, { actor })).toMatchObject({ success: true });
  });
});

describe('WorkspaceCapability under concurrent writes of one user', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'workspace-race-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('When 10 writes race in one workspace, Then only as many as fit under the cap are written and the others fail with quota_exceeded', async () => {
    const capability = new WorkspaceCapability(new FileSystemWorkspaceFiles(dataDir, { maxBytes: 1_000, maxFiles: 100 }), unmeteredDailyQuotas());
    const context: CapabilityCallContext = {
      pluginId: 'workspace_write',
      publisher: 'builtin',
      actor: { userId: 'race-user', role: 'user' },
      grant: {},
      signal: new AbortController().signal,
      remainingMs: () => 10_000,
      count: () => 1,
      alsoUses: () => undefined,
    };

    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => capability.handle('write', { path: `f${i}.txt`, content: 'x'.repeat(300) }, context)),
    );

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => (o.reason as CapabilityError).code)).toEqual(
      Array(7).fill('quota_exceeded'),
    );
    expect(readdirSync(join(dataDir, 'race-user'))).toHaveLength(3);
  });
});

describe('workspace_write against the daily write quota', () => {
  let storage: TestStorage;
  let kernel: TestKernel;

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    const clock = new MutableClock(new Date('2030-01-01T08:00:00Z'));
    const quotas = new DailyQuotas(storage.get(RATE_LIMITER), clock, { emails: 50, schedules: 50, workspaceWriteBytes: 1_000 });
    kernel = await createTestKernel({ tools: WORKSPACE_TOOLS, quotas, workspace: { maxBytes: 800, maxFiles: 100 } });
  });
  afterAll(async () => {
    await kernel?.close();
    await storage?.destroy();
  });

  it('When a user writes more bytes in a day than the quota, even over the same file, Then the write past it fails with quota_exceeded and other users still write', async () => {
    const { actor } = userOf('daily-user');
    for (let n = 0; n < 3; n += 1) {
      expect(await kernel.invoke('workspace_write', { path: 'log.txt', content: 'x'.repeat(300) }, { actor })).toMatchObject({ success: true });
    }

    const outcome = await kernel.invoke('workspace_write', { path: 'log.txt', content: 'y'.repeat(101) }, { actor });

    expect(outcome).toMatchObject({
      success: false,
      error: { code: 'quota_exceeded', message: 'Daily quota reached: at most 1000 bytes written to the workspace per day; try again later' },
    });
    expect(readFileSync(join(kernel.dataDir, 'workspace', 'daily-user', 'log.txt'), 'utf8')).toBe('x'.repeat(300));
    expect(await kernel.invoke('workspace_write', { path: 'log.txt', content: 'y'.repeat(101) }, userOf('someone-else'))).toMatchObject({ success: true });
  });

  it('When a write is refused because the workspace is full, Then it spends nothing of the daily quota', async () => {
    const { actor } = userOf('full-user');
    expect(await kernel.invoke('workspace_write', { path: 'a.txt', content: 'x'.repeat(700) }, { actor })).toMatchObject({ success: true });
    expect(await kernel.invoke('workspace_write', { path: 'b.txt', content: 'x'.repeat(200) }, { actor })).toMatchObject({
      success: false,
      error: { code: 'quota_exceeded', message: 'workspace.write: the workspace is full (at most 800 bytes); delete files first' },
    });
    rmSync(join(kernel.dataDir, 'workspace', 'full-user', 'a.txt'));

    // 700 + 300 is the whole day's 1000: the refused 200 bytes were not spent.
    expect(await kernel.invoke('workspace_write', { path: 'c.txt', content: 'x'.repeat(300) }, { actor })).toMatchObject({ success: true });
  });
});
