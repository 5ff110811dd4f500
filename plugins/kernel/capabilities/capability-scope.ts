import { Actor } from '../../../core/domain/auth/actor';
import { LlmCallBudget } from '../../../core/domain/llm/llm-call-budget';
import { CapabilityGrants } from '../manifest/plugin-manifest';

/** Host-side state of one tool call, shared by every capability call it makes. */
export interface CapabilityScope {
  pluginId: string;
  publisher: string;
  grants: CapabilityGrants;
  actor: Actor;
  budget?: LlmCallBudget;
  /** The execution whose run makes the tool call, if any. */
  executionId?: string;
  /** Aborted when the call ends. */
  signal: AbortSignal;
  /** Epoch milliseconds. */
  deadline: number;
  /** Uses per capability (`http`) and per counted kind of use (`platform:runs`) in this call (quotas, receipt). */
  counts: Map<string, number>;
  /** Capabilities that reached a handler. */
  used: Set<string>;
}
