import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { stepOutputChars } from '../../domain/execution/recorded-json';
import { addUsage, ZERO_USAGE } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { OrchestrationResult, OrchestrationStep } from '../../domain/orchestration/orchestration';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ValidationError } from '../../shared/common.errors';
import { ChatThrottle } from '../chat/chat-throttle.service';
import { EXECUTION_SETTINGS, ExecutionSettings } from '../executions/execution-settings';
import { AgentStepRunner } from '../executions/modes/agent-step-runner.service';
import { boundedMap } from '../executions/modes/bounded-map';
import { mergedReplies } from '../executions/modes/merged-replies';
import { RunLifecycle } from '../runs/run-lifecycle.service';
import { AgentGraph, agentGraphIssues, graphLevels, parentsOf, sinksOf } from './agent-graph';
import { orchestrationFailure } from './orchestration-failure';
import { orchestrationRun } from './orchestration-run';
import { usableAgents } from './usable-agents';

export interface GraphOrchestrationRequest extends AgentGraph {
  message: string;
  sessionId?: string;
}

/**
 * A graph of agents run as a DAG (`POST /agent-chat/orchestrate/graph`): a node without parents
 * answers the message; any other node answers its parents' outputs (merged under their node
 * ids). The nodes of one level run at once, at most `pipelineConcurrency` together; the reply is
 * the output of the nodes no edge leaves. A failing node fails the run once its level settles.
 */
@injectable()
export class GraphOrchestrator {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(ChatThrottle) private readonly throttle: ChatThrottle,
    @inject(RunLifecycle) private readonly lifecycle: RunLifecycle,
    @inject(AgentStepRunner) private readonly steps: AgentStepRunner,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
  ) {}

  async orchestrate(actor: Actor, request: GraphOrchestrationRequest, signal: AbortSignal): Promise<OrchestrationResult> {
    const issues = agentGraphIssues(request);
    if (issues.length > 0) throw new ValidationError('The orchestration graph is not valid', issues);
    await this.throttle.take(actor);
    const agents = await usableAgents(
      this.agents,
      actor,
      request.nodes.map((node) => node.agentId),
    );
    const run = this.lifecycle.open('orchestration', actor.userId);
    await run.stored;
    const budget = new LlmCallBudget(this.settings.maxLlmCalls);
    const modeRun = orchestrationRun({
      actor,
      runId: run.runId,
      host: agents[0],
      message: request.message,
      sessionId: request.sessionId,
      budget,
      signal,
      now: this.clock.now(),
    });
    const outputChars = stepOutputChars(request.nodes.length);
    const replies = new Map<string, string>();
    const steps: OrchestrationStep[] = [];
    let tokenUsage = ZERO_USAGE;
    let failure: { code: string; message: string } | null = null;
    try {
      for (const [level, nodes] of graphLevels(request).entries()) {
        const results = await boundedMap(nodes, this.settings.pipelineConcurrency, (node) => {
          const parents = parentsOf(request, node.id);
          const message = parents.length === 0 ? request.message : mergedReplies(parents.map((id) => ({ label: id, reply: replies.get(id) ?? '' })));
          return this.steps.run(modeRun, { agentId: node.agentId, message, role: 'stage', stage: level + 1, nodeId: node.id, label: node.id, outputChars });
        });
        results.forEach((result, index) => {
          replies.set(nodes[index].id, result.reply);
          steps.push({ nodeId: nodes[index].id, agentId: nodes[index].agentId, output: result.reply });
          tokenUsage = addUsage(tokenUsage, result.tokenUsage);
        });
        failure = results.find((result) => result.step.status === 'failed')?.step.error ?? null;
        if (failure) break;
      }
    } finally {
      await this.lifecycle.close(run.runId, failure === null && !signal.aborted ? 'completed' : signal.aborted ? 'cancelled' : 'failed');
    }
    if (failure) throw orchestrationFailure(failure);
    const reply = mergedReplies(sinksOf(request).map((node) => ({ label: node.id, reply: replies.get(node.id) ?? '' })));
    return { ...(request.sessionId === undefined ? {} : { sessionId: request.sessionId }), mode: 'graph', reply, steps, tokenUsage };
  }
}
