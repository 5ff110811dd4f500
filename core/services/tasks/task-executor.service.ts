import { inject, injectable } from 'inversify';
import { Agent } from '../../domain/agent/agent.entity';
import { AgentNotFoundError } from '../../domain/agent/agent.errors';
import { AgentRunResult } from '../../domain/agent/agent-run';
import { Actor } from '../../domain/auth/actor';
import { Task } from '../../domain/task/task.entity';
import { TASK_LIMITS } from '../../domain/task/task.rules';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { TIMERS, Timers } from '../../ports/timers.port';
import { TASK_REPOSITORY, TaskRepository } from '../../ports/task-repository.port';
import { DomainError } from '../../shared/domain-error';
import { JsonObject } from '../../shared/json';
import { canUseAgent } from '../agents/agent-access';
import { AgentRunner } from '../agents/agent-runner.service';
import { AGENT_SETTINGS, AgentSettings } from '../agents/agent-settings';
import { cutText } from '../agents/tool-reply';
import { bareAgent } from '../chat/bare-agent';
import { publicFailureOf } from '../runs/public-failure';
import { TaskManager } from './task-manager.service';
import { taskRunInput } from './task-run-input';
import { TASK_RUN_SETTINGS, TaskRunSettings } from './task-run-settings';

/** Leaves room in the result for the fields around the output (TASK_LIMITS.resultBytes is in bytes; 4 per character at worst). */
const OUTPUT_CHARS = Math.floor((TASK_LIMITS.resultBytes - 1_024) / 4);

/**
 * Runs a task by its agent (`agent_id`; none: the server's default model as a bare agent), as the
 * actor: claims it (a task the actor holds is claimed again, renewing the lease), runs the agent
 * on the task and the results of its dependencies, then completes it with the answer (landing in
 * `awaiting_approval` when it requires approval) or fails it with the reason. A failed run is an
 * answer, not an error: the task comes back `failed`.
 */
@injectable()
export class TaskExecutor {
  constructor(
    @inject(TaskManager) private readonly tasks: TaskManager,
    @inject(TASK_REPOSITORY) private readonly taskRecords: TaskRepository,
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(AgentRunner) private readonly runner: AgentRunner,
    @inject(AGENT_SETTINGS) private readonly agentSettings: AgentSettings,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(TIMERS) private readonly timers: Timers,
    @inject(TASK_RUN_SETTINGS) private readonly settings: TaskRunSettings,
  ) {}

  /** `exclusive`: run only a pending task (a claim is never renewed), so of two callers acting as one user only one runs it. */
  async execute(actor: Actor, id: string, options: { exclusive?: boolean } = {}): Promise<Task> {
    const task = await this.tasks.get(actor, id);
    const agent = await this.agentOf(actor, task);
    const leaseSeconds = this.settings.leaseSeconds;
    const claimed = await this.tasks.transition(actor, id, 'claim', { leaseSeconds, renew: !options.exclusive, byAgent: true });
    const input = taskRunInput(claimed, await this.taskRecords.findByIds(claimed.dependsOn));
    // Renewed every third of the lease: should this process stop mid-run, the task is pending again within one lease.
    const heartbeat = this.timers.every((leaseSeconds * 1000) / 3, () => this.renew(actor, id));
    let outcome: AgentRunResult;
    try {
      outcome = await this.runner.run(actor, agent, input);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await heartbeat.stop();
      return this.tasks.transition(actor, id, 'fail', { reason: publicFailureOf(error).message });
    } finally {
      await heartbeat.stop();
    }
    if (!outcome.success) return this.tasks.transition(actor, id, 'fail', { reason: outcome.error?.message ?? 'The agent did not finish the task' });
    return this.tasks.transition(actor, id, 'complete', { result: resultOf(agent, outcome) });
  }

  /** Keeps the claim while the run goes on; a claim that was lost or ended meanwhile is the run's end to report. */
  private async renew(actor: Actor, id: string): Promise<void> {
    try {
      await this.tasks.transition(actor, id, 'claim', { leaseSeconds: this.settings.leaseSeconds, byAgent: true });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }

  private async agentOf(actor: Actor, task: Task): Promise<Agent> {
    if (task.assigneeAgentId === null) return bareAgent(task.ownerId, this.agentSettings, this.clock.now());
    const agent = await this.agents.findById(task.assigneeAgentId);
    if (!agent || !canUseAgent(actor, agent)) throw new AgentNotFoundError(task.assigneeAgentId);
    return agent;
  }
}

function resultOf(agent: Agent, outcome: AgentRunResult): JsonObject {
  const usage = outcome.tokenUsage;
  return {
    output: cutText(outcome.output, OUTPUT_CHARS),
    agent_id: agent.id === 'bare' ? null : agent.id,
    token_usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens },
  };
}
