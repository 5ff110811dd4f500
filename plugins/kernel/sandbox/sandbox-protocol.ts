import { ToolError, ToolLogLine } from '../../../core/domain/tool/tool-outcome';

/**
 * IPC between the supervisor and a sandbox worker (plugins/kernel/sandbox/worker/sandbox-worker.js,
 * which documents the same messages). Values cross as JSON strings so the worker never
 * parses or rebuilds plugin data it does not need to look at.
 */
export type ToWorker =
  | { t: 'load'; key: string; id: string; code: string; grants: string[]; memoryMb: number; cpuMs: number; timeoutMs: number }
  | { t: 'unload'; key: string }
  | { t: 'call'; id: number; key: string; user: string; input: string; cpuMs: number; timeoutMs: number }
  | { t: 'cap-result'; id: number; result: string }
  | { t: 'cancel'; id: number };

export type FromWorker =
  | { t: 'ready'; pid: number }
  | { t: 'cap'; id: number; call: number; capability: string; method: string; args: string }
  | ({ t: 'done'; id: number } & SandboxRunResult)
  | { t: 'fatal'; message: string };

export interface SandboxMetrics {
  cpuMs: number;
  heapBytes: number;
}

/** What one sandboxed call produced; `output` is the tool's result as JSON text. */
export type SandboxRunResult =
  | { ok: true; output: string; logs: ToolLogLine[]; metrics: SandboxMetrics; used: string[] }
  | { ok: false; error: ToolError; logs: ToolLogLine[]; metrics: SandboxMetrics; used: string[] };

/**
 * Answers a capability call from the sandbox: `1<value json>` on success,
 * `0<{code,message} json>` on failure. Must never reject.
 */
export type CapabilityCallback = (capability: string, method: string, args: string) => Promise<string>;
