import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GuardedHttpEgress } from '../../adapters/http/guarded-http-egress';
import { FileSystemWorkspaceFiles } from '../../adapters/workspace/filesystem/file-system-workspace-files';
import { WorkspaceLimits } from '../../adapters/workspace/filesystem/workspace-usage';
import { InMemoryKeyValueStore } from '../fixtures/kv/in-memory-key-value-store';
import { AjvJsonSchemaValidator } from '../../adapters/validation/ajv-json-schema-validator';
import { SemverVersionPolicy } from '../../adapters/versions/semver-version-policy';
import { Actor } from '../../core/domain/auth/actor';
import { ChatRequest, ChatResponse, ChatStreamEvent, LlmProvider } from '../../core/ports/llm-provider.port';
import { ToolOutcome } from '../../core/domain/tool/tool-outcome';
import { ToolInvocationContext } from '../../core/ports/tool-registry.port';
import { KeyValueStore } from '../../core/ports/key-value-store.port';
import { JsonValue } from '../../core/shared/json';
import { CapabilityHandler } from '../../plugins/kernel/capabilities/capability-handler';
import { RoutedCapability } from '../../plugins/kernel/capabilities/capability-router';
import { HttpCapability } from '../../plugins/kernel/capabilities/http-capability';
import { KvCapability } from '../../plugins/kernel/capabilities/kv-capability';
import { LlmCapability } from '../../plugins/kernel/capabilities/llm-capability';
import { WorkspaceCapability, WorkspaceWriteQuota } from '../../plugins/kernel/capabilities/workspace-capability';
import { PluginKernel } from '../../plugins/kernel/plugin-kernel';
import { PluginRegistry } from '../../plugins/kernel/registry/plugin-registry';
import { projectRoot } from '../../plugins/kernel/sandbox/worker-script';
import { unmeteredDailyQuotas } from '../fixtures/quotas/unmetered-daily-quotas';

interface BuildResult {
  built: string[];
  skipped: string[];
  failed: Array<{ dir: string; error: string }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildPlugins } = require('../../bin/build-plugins.js') as {
  buildPlugins(options: { roots?: string[]; only?: string[]; dirs?: string[]; force?: boolean }): BuildResult;
};

export interface TestKernelOptions {
  /** Built-in tool ids to load; default: every folder of tools-builtin/. */
  tools?: string[];
  /** Extra plugin folders (each holding `<id>/manifest.json`), e.g. test/fixtures/plugins. */
  pluginDirs?: string[];
  /** Root of `workspace/<userId>`; default a fresh temp dir removed by close(). */
  dataDir?: string;
  /** Operator egress allow-list, e.g. ['127.0.0.1'] to reach a loopback fake server. */
  egressAllowHosts?: string[];
  llm?: LlmProvider;
  kv?: KeyValueStore;
  /** Default: allowances that never run out. */
  quotas?: WorkspaceWriteQuota;
  /** Default: the configuration's defaults (100 MiB, 10000 files and folders). */
  workspace?: WorkspaceLimits;
  handlers?: Partial<Record<'knowledge' | 'datasource' | 'platform' | 'notify', CapabilityHandler>>;
  /** Default actor of `invoke`: a plain user. */
  actor?: Actor;
  workers?: number;
  maxTimeoutMs?: number;
  maxMemoryMb?: number;
}

export interface TestKernel {
  kernel: PluginKernel;
  registry: PluginRegistry;
  dataDir: string;
  kv: KeyValueStore;
  /** Invokes through the real kernel (sandbox worker, capabilities, schemas). */
  invoke(id: string, input: JsonValue, context?: Partial<ToolInvocationContext>): Promise<ToolOutcome>;
  close(): Promise<void>;
}

export const TEST_ACTOR: Actor = { userId: 'user-1', role: 'user' };

/**
 * A started kernel for tests. Builds the tool bundles first (same esbuild logic as
 * `npm run build:tools`, skipping up-to-date ones) so a test passes on a fresh checkout.
 */
export async function createTestKernel(options: TestKernelOptions = {}): Promise<TestKernel> {
  const builtinDir = join(projectRoot(), 'tools-builtin');
  const build = buildPlugins({ roots: [builtinDir], only: options.tools });
  const broken = build.failed.filter((f) => !options.tools || options.tools.some((id) => f.dir.endsWith(`/${id}`)));
  if (options.tools && broken.length > 0) {
    throw new Error(`Tool bundles failed to build:\n${broken.map((f) => `${f.dir}:\n${f.error}`).join('\n')}`);
  }
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kernel-test-'));
  const kv = options.kv ?? new InMemoryKeyValueStore();
  const kernel = new PluginKernel(
    { sandbox: { workers: options.workers ?? 1, maxTimeoutMs: options.maxTimeoutMs ?? 30_000, maxMemoryMb: options.maxMemoryMb ?? 128 } },
    { schemas: new AjvJsonSchemaValidator(), versions: new SemverVersionPolicy() },
    { builtinDir, only: options.tools, pluginDirs: options.pluginDirs },
  );
  const workspace = options.workspace ?? { maxBytes: 104_857_600, maxFiles: 10_000 };
  const ownCapabilities: Record<'http' | 'kv' | 'workspace' | 'llm', CapabilityHandler> = {
    http: new HttpCapability(new GuardedHttpEgress({ allowHosts: options.egressAllowHosts ?? [] })),
    kv: new KvCapability(kv),
    workspace: new WorkspaceCapability(new FileSystemWorkspaceFiles(join(dataDir, 'workspace'), workspace), options.quotas ?? unmeteredDailyQuotas()),
    llm: new LlmCapability(options.llm ?? new EchoLlmProvider()),
  };
  for (const [name, handler] of Object.entries({ ...ownCapabilities, ...options.handlers })) {
    kernel.capabilities.register(name as RoutedCapability, handler);
  }
  await kernel.start();
  const missing = (options.tools ?? []).filter((id) => !kernel.registry.get(id));
  if (missing.length > 0) {
    await kernel.close();
    const failures = kernel.builtinLoadReport().failed.map((f) => `${f.folder}: ${f.message}`);
    throw new Error(`Tools not loaded: ${missing.join(', ')}\n${failures.join('\n')}`);
  }
  return {
    kernel,
    registry: kernel.registry,
    dataDir,
    kv,
    invoke: (id, input, context = {}) => kernel.registry.invoke(id, input, { actor: options.actor ?? TEST_ACTOR, ...context }),
    close: async () => {
      await kernel.close();
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tiny deterministic model: replies `echo: <last user message>` and counts usage. */
export class EchoLlmProvider implements LlmProvider {
  readonly name = 'echo';
  readonly requests: ChatRequest[] = [];

  async chat(request: ChatRequest): Promise<ChatResponse> {
    request.budget?.consume();
    this.requests.push(request);
    const last = [...request.messages].reverse().find((m) => m.role === 'user');
    const content = `echo: ${last?.content ?? ''}`;
    const promptTokens = request.messages.reduce((n, m) => n + m.content.length, 0);
    return {
      content,
      toolCalls: [],
      usage: { promptTokens, completionTokens: content.length, totalTokens: promptTokens + content.length },
      model: request.model ?? 'echo-1',
      finishReason: 'stop',
    };
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const response = await this.chat(request);
    yield { type: 'token', content: response.content };
    yield { type: 'usage', usage: response.usage };
    yield { type: 'done', finishReason: 'stop', model: response.model };
  }
}
