import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { Execution } from '../../domain/execution/execution.entity';
import { ZERO_USAGE } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { RunControl } from '../executions/run-control';
import { ModeRun } from '../executions/modes/mode-strategy';

export interface OrchestrationRunInput {
  actor: Actor;
  /** The run's id: the LLM calls of every step are logged under it. */
  runId: string;
  /** The agent a mode runs "as" (a debate's judge); its `workflowConfig` lists the participants. */
  host: Agent;
  message: string;
  sessionId?: string;
  rounds?: number;
  budget: LlmCallBudget;
  signal: AbortSignal;
  now: Date;
}

/**
 * An orchestration handed to the execution modes' strategies (sequential, debate) as the run
 * they expect: a record that lives only in memory, started now, with no earlier progress, whose
 * checkpoints only ask whether the caller is still there (nothing is stored between steps).
 */
export function orchestrationRun(input: OrchestrationRunInput): ModeRun {
  const control = new RunControl(input.signal);
  const execution: Execution = {
    id: input.runId,
    ownerId: input.actor.userId,
    targetType: 'agent',
    targetId: input.host.id,
    targetVersion: input.host.version,
    mode: 'sequential',
    options: { rounds: input.rounds, sessionId: input.sessionId },
    trigger: 'api',
    scheduleId: null,
    parentExecutionId: null,
    status: 'running',
    success: null,
    input: input.message,
    output: null,
    steps: [],
    tokenUsage: ZERO_USAGE,
    llmCalls: 0,
    error: null,
    attempt: 1,
    lease: null,
    createdAt: input.now,
    startedAt: input.now,
    finishedAt: null,
  };
  return {
    actor: input.actor,
    execution,
    target: { type: 'agent', agent: input.host },
    budget: input.budget,
    control,
    checkpoint: async () => !control.signal.aborted,
  };
}
