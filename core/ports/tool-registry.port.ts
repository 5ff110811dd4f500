import { Actor } from '../domain/auth/actor';
import { LlmCallBudget } from '../domain/llm/llm-call-budget';
import { ToolCategory } from '../domain/tool/tool-category';
import { ToolDescriptor } from '../domain/tool/tool-descriptor';
import { ToolOutcome } from '../domain/tool/tool-outcome';
import { JsonValue } from '../shared/json';
import { token } from '../shared/token';

export interface ToolInvocationContext {
  /** Whose call this is: capabilities act as this user (workspace, kv, knowledge…). */
  actor: Actor;
  /** The run's LLM call budget; the `llm` capability spends from it. */
  budget?: LlmCallBudget;
  /** The execution whose run makes the call: runs the tool starts record it as their parent (call chains). */
  executionId?: string;
  /** Aborting ends the call at once with a `timeout` outcome. */
  signal?: AbortSignal;
}

export interface ToolListFilter {
  category?: ToolCategory;
  /** Only built-in tools (true) or only market plugins (false). */
  builtin?: boolean;
  /** Disabled market plugins are left out unless this is true. */
  includeDisabled?: boolean;
}

export interface ToolRegistryReadiness {
  /** Built-in tools loaded and invocable. */
  count: number;
  /** The sandbox is started and every discovered built-in tool loaded. */
  ready: boolean;
}

/**
 * The tools the platform can call: built-in tools and installed market plugins, each
 * run in the sandbox. `invoke` never throws for a tool failure: it returns an outcome
 * with a stable error code and a receipt (behaviour rule 2).
 */
export interface ToolRegistry {
  /** Sorted by id. */
  list(filter?: ToolListFilter): ToolDescriptor[];
  get(id: string): ToolDescriptor | undefined;
  invoke(id: string, input: JsonValue, context: ToolInvocationContext): Promise<ToolOutcome>;
  /**
   * Runs ad-hoc JavaScript that defines `function main(input)` (sync or async) in the
   * sandbox under a fixed manifest: no capability but `log`, `console` captured into the
   * outcome's `logs`, tight limits. For code tools and code tests; like `invoke`, a failure
   * of the code is an outcome (`runtime_error`, `timeout`, `memory_limit`…), never a throw.
   */
  runCode(code: string, input: JsonValue, context: ToolInvocationContext): Promise<ToolOutcome>;
  /**
   * Installs a market plugin from its manifest and bundled code (the kernel's bundle
   * format, docs/plugins.md). Throws `InvalidPluginError` listing every problem, or
   * `ToolIdConflictError`; installing a new version of the same id replaces it.
   */
  register(manifest: JsonValue, code: string, options: { enabled: boolean }): Promise<ToolDescriptor>;
  /** Removes a market plugin; false when there was none. Built-in tools cannot be removed. */
  unregister(id: string): Promise<boolean>;
  /** Throws `ToolNotFoundError` for an unknown id. */
  setEnabled(id: string, enabled: boolean): ToolDescriptor;
  readiness(): ToolRegistryReadiness;
}

export const TOOL_REGISTRY = token<ToolRegistry>('ToolRegistry');
