import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Execution, ExecutionFailure } from '../../domain/execution/execution.entity';
import { EXECUTION_FAILURES } from '../../domain/execution/execution.errors';
import { clipJson, RECORD_LIMITS } from '../../domain/execution/recorded-json';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { ZERO_USAGE } from '../../domain/llm/chat-message';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { DomainError } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { AgentCaller } from '../agents/agent-caller.service';
import { WorkflowEngine } from '../workflows/workflow-engine.service';
import { agentMessageOf } from './agent-input';
import { ResolvedTarget } from './execution-targets';

export interface ExecutionRunOptions {
  budget?: LlmCallBudget;
  signal?: AbortSignal;
}

/** The fields a finished run sets. */
type Outcome = Pick<Execution, 'status' | 'success' | 'output' | 'steps' | 'tokenUsage' | 'error'>;

/** Runs the target of a `running` execution record and stores how it ended. */
@injectable()
export class ExecutionRunner {
  constructor(
    @inject(WorkflowEngine) private readonly engine: Pick<WorkflowEngine, 'run'>,
    @inject(AgentCaller) private readonly agents: Pick<AgentCaller, 'call'>,
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Runs `target` as `actor` on the record's input and stores the outcome: `completed`, or
   * `failed` (`cancelled` when the signal was aborted) with a safe `{code, message}`. The
   * run's own failures never throw; only storing the outcome can.
   */
  async finish(actor: Actor, execution: Execution, target: ResolvedTarget, options: ExecutionRunOptions = {}): Promise<Execution> {
    let outcome: Outcome;
    try {
      outcome = await this.runTarget(actor, execution, target, options);
    } catch (error) {
      outcome = failed(this.failureOf(error, execution, options.signal));
    }
    if (options.signal?.aborted && outcome.status !== 'completed') {
      outcome = { ...outcome, status: 'cancelled', success: false, error: EXECUTION_FAILURES.cancelled };
    }
    return this.store({ ...execution, ...outcome, output: clipJson(outcome.output, RECORD_LIMITS.outputChars), finishedAt: this.clock.now() });
  }

  /** Ends a record that cannot run (its owner or target is gone) with `error`. */
  async fail(execution: Execution, error: ExecutionFailure): Promise<Execution> {
    return this.store({ ...execution, ...failed(error), finishedAt: this.clock.now() });
  }

  private async runTarget(actor: Actor, { id: executionId, input }: Execution, target: ResolvedTarget, options: ExecutionRunOptions): Promise<Outcome> {
    if (target.type === 'workflow') {
      const result = await this.engine.run(actor, target.workflow.graph, input, options);
      return {
        status: result.success ? 'completed' : 'failed',
        success: result.success,
        output: result.output,
        steps: result.steps,
        tokenUsage: result.tokenUsage,
        error: result.error ?? null,
      };
    }
    const result = await this.agents.call(actor, target.agent.id, agentMessageOf(input), { ...options, executionId });
    return {
      status: result.success ? 'completed' : 'failed',
      success: result.success,
      output: { reply: result.output },
      // Agent steps are plain JSON records (no dates, no class instances).
      steps: result.steps as unknown as JsonValue[],
      tokenUsage: result.tokenUsage,
      error: result.success ? null : (result.error ?? { code: 'agent.run_failed', message: 'The agent run did not complete' }),
    };
  }

  private failureOf(error: unknown, execution: Execution, signal?: AbortSignal): ExecutionFailure {
    if (signal?.aborted) return EXECUTION_FAILURES.cancelled;
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    // Behaviour rule 9: the exception's text may hold internals; it goes to the log only.
    this.logger.error({ executionId: execution.id, targetType: execution.targetType, err: error }, 'execution failed unexpectedly');
    return EXECUTION_FAILURES.internal;
  }

  private async store(execution: Execution): Promise<Execution> {
    await this.executions.update(execution);
    return execution;
  }
}

function failed(error: ExecutionFailure): Outcome {
  return { status: 'failed', success: false, output: null, steps: [], tokenUsage: ZERO_USAGE, error: { code: error.code, message: error.message } };
}
