import { mkdirSync, symlinkSync, writeFileSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LlmCallBudget } from '../../../core/domain/llm/llm-call-budget';
import { JsonValue } from '../../../core/shared/json';
import { CapabilityHandler } from '../../../plugins/kernel/capabilities/capability-handler';
import { startLoopbackServer, LoopbackServer } from '../../fixtures/http/loopback-server';
import { createTestKernel, EchoLlmProvider, TestKernel } from '../../support/kernel-harness';

const FIXTURES = join(__dirname, '../../fixtures/plugins');
type Step = { op: string; [key: string]: JsonValue };
type StepResult = { ok: boolean; value?: unknown; code?: string | null; kernel?: boolean; message?: string };

describe('Capabilities through the sandbox', () => {
  let kernel: TestKernel;
  let server: LoopbackServer;
  const llm = new EchoLlmProvider();
  const platformCalls: unknown[] = [];
  const platform: CapabilityHandler = {
    handle: async (method, args, context) => {
      platformCalls.push({ method, args, user: context.actor.userId, plugin: context.pluginId });
      return { agents: [] };
    },
  };

  beforeAll(async () => {
    server = await startLoopbackServer((req, res, body) => {
      if (req.url === '/redirect-out') res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end(`${req.method} ${req.url} ${body}`);
    });
    kernel = await createTestKernel({ tools: [], pluginDirs: [FIXTURES], egressAllowHosts: [`127.0.0.1:${server.port}`], llm, handlers: { platform } });
  });

  afterAll(async () => {
    await kernel.close();
    await server.close();
  });

  const run = async (steps: Step[], actor = { userId: 'user-1', role: 'user' as const }, extra = {}) => {
    const outcome = await kernel.invoke('capability_probe', { steps }, { actor, ...extra });
    if (!outcome.success) throw new Error(`probe failed: ${outcome.error.code} ${outcome.error.message}`);
    return { results: (outcome.result as { results: StepResult[] }).results, receipt: outcome.receipt, logs: outcome.logs };
  };

  describe('kv', () => {
    it('When a user stores a value, Then the same user reads it back and another user does not see it', async () => {
      const { results } = await run([
        { op: 'kvSet', key: 'greeting', value: { hello: 'world' } },
        { op: 'kvGet', key: 'greeting' },
        { op: 'kvList', prefix: 'gre' },
      ]);
      expect(results).toEqual([
        { ok: true, value: null },
        { ok: true, value: { hello: 'world' } },
        { ok: true, value: ['greeting'] },
      ]);
      const other = await run([{ op: 'kvGet', key: 'greeting' }], { userId: 'user-2', role: 'user' });
      expect(other.results).toEqual([{ ok: true, value: null }]);
      expect(await kernel.kv.get('plugin:capability_probe:owner:user-1', 'greeting')).toEqual({ hello: 'world' });
    });
  });

  describe('workspace', () => {
    it('When a tool writes and reads a file, Then it lands under <dataDir>/workspace/<userId>', async () => {
      const { results } = await run([
        { op: 'write', path: 'notes/a.txt', content: 'hello' },
        { op: 'read', path: 'notes/a.txt' },
        { op: 'exists', path: 'notes/a.txt' },
        { op: 'list', path: 'notes' },
      ]);
      expect(results.slice(0, 3)).toEqual([
        { ok: true, value: { size: 5 } },
        { ok: true, value: 'hello' },
        { ok: true, value: true },
      ]);
      expect(results[3]).toMatchObject({ ok: true, value: [{ name: 'a.txt', path: 'notes/a.txt', type: 'file', size: 5 }] });
      expect(existsSync(join(kernel.dataDir, 'workspace', 'user-1', 'notes', 'a.txt'))).toBe(true);
    });

    it.each([['../escape.txt'], ['notes/../../escape.txt'], ['/etc/passwd'], ['a\0b'], ['..\\escape.txt']])(
      'When the path is %j, Then it is refused with invalid_argument',
      async (path) => {
        const { results } = await run([
          { op: 'write', path, content: 'x' },
          { op: 'read', path },
        ]);
        for (const result of results) expect(result).toMatchObject({ ok: false, code: 'invalid_argument', kernel: true });
      },
    );

    it('When a symlink inside the workspace points outside, Then reads and writes through it are refused', async () => {
      const outside = mkdtempSync(join(tmpdir(), 'outside-'));
      writeFileSync(join(outside, 'secret.txt'), 'secret');
      const root = join(kernel.dataDir, 'workspace', 'user-3');
      mkdirSync(root, { recursive: true });
      symlinkSync(outside, join(root, 'link'));
      symlinkSync(join(outside, 'missing.txt'), join(root, 'dangling'));
      const { results } = await run(
        [
          { op: 'read', path: 'link/secret.txt' },
          { op: 'write', path: 'link/new.txt', content: 'x' },
          { op: 'write', path: 'dangling', content: 'x' },
        ],
        { userId: 'user-3', role: 'user' },
      );
      for (const result of results) expect(result).toMatchObject({ ok: false, code: 'invalid_argument' });
      expect(existsSync(join(outside, 'new.txt'))).toBe(false);
      expect(existsSync(join(outside, 'missing.txt'))).toBe(false);
    });

    it('When a tool makes folders, appends, asks about and deletes entries, Then the workspace answers as the SDK says', async () => {
      const { results } = await run(
        [
          { op: 'mkdir', path: 'box/inner' },
          { op: 'append', path: 'box/log.txt', content: 'one ' },
          { op: 'append', path: 'box/log.txt', content: 'two' },
          { op: 'read', path: 'box/log.txt' },
          { op: 'stat', path: 'box' },
          { op: 'stat', path: 'box/none.txt' },
          { op: 'remove', path: 'box' },
          { op: 'remove', path: 'box/log.txt' },
          { op: 'remove', path: 'box/log.txt' },
          { op: 'list', path: 'box' },
          { op: 'remove', path: '' },
        ],
        { userId: 'user-4', role: 'user' },
      );
      expect(results.slice(0, 9)).toEqual([
        { ok: true, value: null },
        { ok: true, value: { size: 4 } },
        { ok: true, value: { size: 7 } },
        { ok: true, value: 'one two' },
        { ok: true, value: { name: 'box', path: 'box', type: 'directory', size: 0, modifiedAt: expect.stringMatching(/^\d{4}-/) } },
        { ok: true, value: null },
        { ok: false, code: 'invalid_argument', kernel: true, message: 'workspace.delete: the directory is not empty' },
        { ok: true, value: true },
        { ok: true, value: false },
      ]);
      expect(results[9]).toMatchObject({ ok: true, value: [{ path: 'box/inner', type: 'directory' }] });
      expect(results[10]).toMatchObject({ ok: false, code: 'invalid_argument' });
    });

    // The kernel's jail is the WorkspaceFiles port's (behaviour rule 8), stricter than the kernel's own jail was.
    it.each([['%2e%2e/escape.txt'], ['notes%2fa.txt'], ['C:/escape.txt'], ['line\nbreak.txt'], [`${'é'.repeat(128)}.txt`]])(
      'When the path is %j, Then it is refused with invalid_argument like any path that could leave the workspace',
      async (path) => {
        const { results } = await run([
          { op: 'write', path, content: 'x' },
          { op: 'read', path },
          { op: 'stat', path },
        ]);
        for (const result of results)
          expect(result).toMatchObject({ ok: false, code: 'invalid_argument', message: expect.stringMatching(/^workspace: the path is refused: /) });
      },
    );

    it('When the last name of a path is a symlink, even to a file inside, Then read, write, stat and delete refuse it and the file is untouched', async () => {
      const root = join(kernel.dataDir, 'workspace', 'user-5');
      mkdirSync(root, { recursive: true });
      writeFileSync(join(root, 'real.txt'), 'inside');
      symlinkSync(join(root, 'real.txt'), join(root, 'alias.txt'));
      const { results } = await run(
        [
          { op: 'read', path: 'alias.txt' },
          { op: 'write', path: 'alias.txt', content: 'replaced' },
          { op: 'append', path: 'alias.txt', content: 'more' },
          { op: 'stat', path: 'alias.txt' },
          { op: 'exists', path: 'alias.txt' },
          { op: 'remove', path: 'alias.txt' },
          { op: 'read', path: 'real.txt' },
        ],
        { userId: 'user-5', role: 'user' },
      );
      for (const result of results.slice(0, 6))
        expect(result).toMatchObject({ ok: false, code: 'invalid_argument', message: 'workspace: the path is refused: it is a symbolic link' });
      expect(results[6]).toEqual({ ok: true, value: 'inside' });
    });

    it('When a file is missing, Then read fails with not_found', async () => {
      const { results } = await run([{ op: 'read', path: 'nope.txt' }]);
      expect(results[0]).toMatchObject({ ok: false, code: 'not_found' });
    });
  });

  describe('http', () => {
    it('When a tool calls an allowed host, Then the request goes through the egress guard and is counted', async () => {
      const { results, receipt } = await run([
        { op: 'httpGet', url: `${server.url}/hello` },
        { op: 'httpPost', url: `${server.url}/data`, body: { a: 1 } },
      ]);
      expect(results[0]).toMatchObject({ ok: true, value: { status: 200, body: 'GET /hello ', url: `${server.url}/hello` } });
      expect(results[1]).toMatchObject({ ok: true, value: { status: 200, body: 'POST /data {"a":1}' } });
      expect(receipt).toMatchObject({ http_calls: 2, capabilities_used: ['http'] });
      expect(server.requests.at(-1)?.headers['content-type']).toBe('application/json');
    });

    it('When the target is a private address or a host outside the manifest, Then the call is refused', async () => {
      const { results } = await run([
        { op: 'httpGet', url: 'http://127.0.0.1:1/' },
        { op: 'httpGet', url: 'https://example.com/' },
        { op: 'httpGet', url: `${server.url}/redirect-out` },
      ]);
      expect(results[0]).toMatchObject({ ok: false, code: 'forbidden_target' });
      expect(results[1]).toMatchObject({ ok: false, code: 'capability_denied', message: expect.stringContaining('example.com') });
      expect(results[2]).toMatchObject({ ok: false, code: 'forbidden_target' });
    });

    it('When a tool sends a header value that is not Latin-1 or a malformed header name, Then it is invalid_argument and nothing is sent', async () => {
      const sent = server.requests.length;
      const { results } = await run([
        { op: 'httpGet', url: `${server.url}/h`, headers: { 'x-city': '東京' } },
        { op: 'httpGet', url: `${server.url}/h`, headers: { 'bad name': 'x' } },
      ]);
      for (const result of results)
        expect(result).toMatchObject({ ok: false, code: 'invalid_argument', kernel: true, message: expect.stringContaining('Latin-1') });
      expect(server.requests).toHaveLength(sent);
    });

    it('When a tool makes more requests than its maxCalls, Then the extra ones fail with quota_exceeded', async () => {
      const { results } = await run(Array.from({ length: 4 }, () => ({ op: 'httpGet', url: `${server.url}/n` })));
      expect(results.map((r) => r.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'quota_exceeded']);
    });
  });

  describe('llm', () => {
    it('When a tool asks the model, Then it answers on the caller budget, within the manifest quota', async () => {
      const budget = new LlmCallBudget(10);
      const { results } = await run(
        [
          { op: 'llm', prompt: 'hi', system: 'be brief' },
          { op: 'llm', prompt: 'again' },
          { op: 'llm', prompt: 'third' },
        ],
        undefined,
        { budget },
      );
      expect(results).toEqual([
        { ok: true, value: 'echo: hi' },
        { ok: true, value: 'echo: again' },
        expect.objectContaining({ ok: false, code: 'quota_exceeded' }),
      ]);
      expect(budget.calls).toBe(2);
      expect(llm.requests.at(-2)?.messages).toEqual([
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hi' },
      ]);
    });

    it('When the run budget is spent, Then the call fails with quota_exceeded', async () => {
      const budget = new LlmCallBudget(0);
      const { results } = await run([{ op: 'llm', prompt: 'hi' }], undefined, { budget });
      expect(results[0]).toMatchObject({ ok: false, code: 'quota_exceeded' });
    });
  });

  describe('delegated capabilities', () => {
    it('When no handler is registered, Then the call fails with unavailable', async () => {
      const { results } = await run([
        { op: 'knowledge', query: 'x' },
        { op: 'notify', message: 'hi' },
      ]);
      expect(results).toEqual([expect.objectContaining({ ok: false, code: 'unavailable' }), expect.objectContaining({ ok: false, code: 'unavailable' })]);
    });

    it('When a handler is registered, Then it receives the call as the actor, narrowed by the manifest actions', async () => {
      const { results } = await run([
        { op: 'platform', action: 'agents.list', args: { page: 1 } },
        { op: 'platform', action: 'agents.delete' },
      ]);
      expect(results[0]).toEqual({ ok: true, value: { agents: [] } });
      expect(results[1]).toMatchObject({ ok: false, code: 'capability_denied' });
      expect(platformCalls).toEqual([{ method: 'call', args: { action: 'agents.list', args: { page: 1 } }, user: 'user-1', plugin: 'capability_probe' }]);
    });
  });

  describe('sandbox globals', () => {
    it('When a tool uses timers, log and the encoding helpers, Then they work inside the sandbox', async () => {
      const { results, logs, receipt } = await run([
        { op: 'sleep', ms: 5 },
        { op: 'log', message: 'from log' },
        { op: 'encode', text: 'héllo €', ascii: 'hello' },
      ]);
      expect(results[0]).toEqual({ ok: true, value: 'slept' });
      expect(results[2]).toMatchObject({ ok: true, value: { decoded: 'héllo €', utf8: [...Buffer.from('héllo €')] } });
      expect(results[2]).toMatchObject({ value: { b64: 'aGVsbG8=', back: 'hello' } });
      expect(logs).toEqual([{ level: 'info', message: 'from log {"n":1}' }]);
      expect(receipt.capabilities_used).toContain('log');
    });
  });
});
