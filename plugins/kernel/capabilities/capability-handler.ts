import { Actor } from '../../../core/domain/auth/actor';
import { CapabilityName } from '../../../core/domain/tool/tool-descriptor';
import { LlmCallBudget } from '../../../core/domain/llm/llm-call-budget';
import { JsonObject, JsonValue } from '../../../core/shared/json';

/** What a capability handler knows about the call it serves. */
export interface CapabilityCallContext {
  pluginId: string;
  publisher: string;
  /** The user the tool runs for: handlers act with exactly this user's rights. */
  actor: Actor;
  /** This capability's entry in the manifest (`capabilities.<name>`), e.g. `{hosts, methods}`. */
  grant: JsonObject;
  /** Aborted when the tool call ends (result, deadline or cancellation). */
  signal: AbortSignal;
  /** Milliseconds before the tool call's deadline. */
  remainingMs(): number;
  /** The caller's LLM call budget, when the run has one. */
  budget?: LlmCallBudget;
  /** The execution whose run makes the tool call, if any: nested runs record it as their parent. */
  executionId?: string;
  /**
   * Counts one more use of this capability in this tool call and returns the new count; with
   * a `key`, counts a kind of use on its own (e.g. platform's nested runs) for a finer quota.
   */
  count(key?: string): number;
  /**
   * For a method that also does what another capability governs (knowledge.answer makes a model
   * call): that capability's grant and counter, the use recorded in the receipt; undefined when
   * the manifest does not declare it.
   */
  alsoUses(capability: Exclude<CapabilityName, 'log'>): { grant: JsonObject; count(): number } | undefined;
}

/**
 * The host side of one capability. `method` is one of the SDK methods of kernel-api.d.ts
 * (e.g. `search` for knowledge) and `args` the JSON the plugin sent (`{}` when it sent
 * nothing; validate it, it is untrusted). Expected failures
 * throw `CapabilityError` or a `DomainError` (mapped by code); anything else becomes a
 * generic `upstream_error`, and its message never reaches the plugin.
 */
export interface CapabilityHandler {
  handle(method: string, args: JsonValue, context: CapabilityCallContext): Promise<JsonValue>;
}
