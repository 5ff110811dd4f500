import { inject, injectable } from 'inversify';
import { Agent } from '../../domain/agent/agent.entity';
import { AGENT_RUN_ERRORS } from '../../domain/agent/agent-run';
import { Actor } from '../../domain/auth/actor';
import { addUsage, ChatMessage, TokenUsage, ToolCall, ZERO_USAGE } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { OrchestrationFailedError } from '../../domain/orchestration/orchestration.errors';
import { isTerminal, RunEventSink } from '../../domain/run/run-event';
import { SWARM_LIMITS, SwarmDelegation, SwarmResult } from '../../domain/swarm/swarm';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { LLM_PROVIDER_REGISTRY, LlmProviderRegistry } from '../../ports/llm-provider-registry.port';
import { ValidationError } from '../../shared/common.errors';
import { DomainError } from '../../shared/domain-error';
import { AgentRunner } from '../agents/agent-runner.service';
import { AGENT_SETTINGS, AgentSettings } from '../agents/agent-settings';
import { collectModelStream } from '../agents/model-stream';
import { parseToolArguments } from '../agents/tool-call-arguments';
import { ToolReply, toolMessageContent } from '../agents/tool-reply';
import { bareAgent } from '../chat/bare-agent';
import { ChatThrottle } from '../chat/chat-throttle.service';
import { EXECUTION_SETTINGS, ExecutionSettings } from '../executions/execution-settings';
import { boundedMap } from '../executions/modes/bounded-map';
import { rethrowSafely } from '../orchestration/orchestration-failure';
import { usableAgents } from '../orchestration/usable-agents';
import { coordinatorMessages, DELEGATE_TOOL, delegateTool, SWARM_COORDINATOR_TASK } from './delegate-tool';
import { swarmIssues, SwarmRequest } from './swarm-request';

/** A swarm checked and loaded, ready to run. */
export interface PreparedSwarm {
  actor: Actor;
  coordinator: Agent;
  members: Agent[];
  task: string;
  concurrency: number;
}

interface Delegated {
  delegation?: SwarmDelegation;
  reply: ToolReply;
  tokenUsage: TokenUsage;
}

const noEvents: RunEventSink = async () => undefined;

/**
 * A swarm (`POST /swarm/run`): a coordinator (an agent, or the default model) is offered one
 * `delegate` tool naming the members; the subtasks it hands out in one turn run at once (at most
 * `concurrency` together), their answers go back to it, and its answer without delegations is
 * the reply. One LLM budget for every call of the coordinator and the members; counted in the
 * caller's chat rate. The members' events carry their `agentId`; only the swarm ends the stream.
 */
@injectable()
export class SwarmRunner {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(ChatThrottle) private readonly throttle: ChatThrottle,
    @inject(LLM_PROVIDER_REGISTRY) private readonly models: LlmProviderRegistry,
    @inject(AgentRunner) private readonly runner: AgentRunner,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AGENT_SETTINGS) private readonly agentSettings: AgentSettings,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
  ) {}

  /** The whole swarm in one answer. */
  async run(actor: Actor, request: SwarmRequest, signal: AbortSignal): Promise<SwarmResult> {
    const swarm = await this.prepare(actor, request);
    return this.execute(swarm, signal).catch(rethrowSafely);
  }

  /** Checks the request (422), counts it in the chat rate (429) and loads the agents (404 for one the actor may not use). */
  async prepare(actor: Actor, request: SwarmRequest): Promise<PreparedSwarm> {
    const issues = swarmIssues(request);
    if (issues.length > 0) throw new ValidationError('The swarm request is not valid', issues);
    await this.throttle.take(actor);
    const members = await usableAgents(this.agents, actor, request.memberAgentIds);
    const coordinator =
      request.coordinatorAgentId === undefined
        ? bareAgent(actor.userId, this.agentSettings, this.clock.now())
        : (await usableAgents(this.agents, actor, [request.coordinatorAgentId]))[0];
    return { actor, coordinator, members, task: request.task, concurrency: request.maxConcurrency ?? SWARM_LIMITS.defaultConcurrency };
  }

  /** Runs the swarm, its events (but no terminal one) to `emit`; a swarm that ends without an answer throws. */
  async execute(swarm: PreparedSwarm, signal: AbortSignal, emit: RunEventSink = noEvents): Promise<SwarmResult> {
    const { actor, coordinator } = swarm;
    const budget = new LlmCallBudget(this.settings.maxLlmCalls);
    const { provider, modelName, modelConfigId } = coordinator.modelConfig;
    const model = await this.models.resolve({ ownerId: coordinator.ownerId, provider, modelName, modelConfigId });
    const tools = [delegateTool(swarm.members)];
    const messages: ChatMessage[] = coordinatorMessages(coordinator, swarm.task);
    const delegations: SwarmDelegation[] = [];
    let tokenUsage = ZERO_USAGE;
    const trace = { agentId: swarm.coordinator.id === 'bare' ? undefined : swarm.coordinator.id, ownerId: actor.userId };
    for (let round = 1; round <= SWARM_LIMITS.coordinatorRounds; round += 1) {
      if (signal.aborted) throw new OrchestrationFailedError(AGENT_RUN_ERRORS.cancelled, 'The swarm was cancelled');
      const request = {
        messages: [...messages],
        tools,
        model: model.model,
        temperature: coordinator.modelConfig.temperature,
        task: SWARM_COORDINATOR_TASK,
        budget,
        signal,
        trace,
      };
      const response = await collectModelStream(model.provider.stream(request), emit);
      tokenUsage = addUsage(tokenUsage, response.usage);
      if (response.toolCalls.length === 0) return { reply: response.content, delegations, tokenUsage };
      messages.push({ role: 'assistant', content: response.content, toolCalls: response.toolCalls });
      for (const call of response.toolCalls) {
        const parsed = parseToolArguments(call.arguments);
        await emit({ type: 'tool_call', id: call.id, name: call.name, arguments: parsed.ok ? parsed.value : parsed.raw });
      }
      const results = await boundedMap(response.toolCalls, swarm.concurrency, (call) => this.delegate(swarm, call, { budget, signal, emit }));
      for (const [index, call] of response.toolCalls.entries()) {
        const { delegation, reply } = results[index];
        if (delegation) delegations.push(delegation);
        tokenUsage = addUsage(tokenUsage, results[index].tokenUsage);
        await emit(
          reply.success
            ? { type: 'tool_result', id: call.id, name: call.name, result: reply.result }
            : { type: 'tool_result', id: call.id, name: call.name, error: reply.error },
        );
        messages.push({ role: 'tool', content: toolMessageContent(reply, this.agentSettings.maxToolResultChars), toolCallId: call.id, name: call.name });
      }
    }
    throw new OrchestrationFailedError(AGENT_RUN_ERRORS.iterationLimit, `The coordinator was still delegating after ${SWARM_LIMITS.coordinatorRounds} rounds`);
  }

  /** One delegation: the member runs the subtask; a failure goes back to the coordinator as the tool's error, never ends the swarm. */
  private async delegate(
    swarm: PreparedSwarm,
    call: ToolCall,
    context: { budget: LlmCallBudget; signal: AbortSignal; emit: RunEventSink },
  ): Promise<Delegated> {
    const parsed = parseToolArguments(call.arguments);
    const args = parsed.ok ? parsed.value : {};
    const member = swarm.members.find((agent) => agent.id === args.agent_id);
    const subtask = typeof args.subtask === 'string' ? args.subtask.trim() : '';
    if (call.name !== DELEGATE_TOOL || !member || subtask === '') {
      const message = 'Call delegate with the agent_id of a member and a non-empty subtask';
      return { reply: { success: false, error: { code: 'invalid_input', message } }, tokenUsage: ZERO_USAGE };
    }
    // A member's own end is not the swarm's: the stream has one terminal frame.
    const events: RunEventSink = (event) => (isTerminal(event) ? Promise.resolve() : context.emit({ ...event, agentId: member.id }));
    try {
      const result = await this.runner.run(swarm.actor, member, subtask, { budget: context.budget, signal: context.signal, events });
      const delegation = { agentId: member.id, subtask, output: result.success ? result.output : '', success: result.success };
      const reply: ToolReply = result.success
        ? { success: true, result: { agent_id: member.id, output: result.output } }
        : { success: false, error: result.error ?? { code: 'agent.run_failed', message: 'The member did not answer' } };
      return { delegation, reply, tokenUsage: result.tokenUsage };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const reply: ToolReply = { success: false, error: { code: error.code, message: 'The member failed to answer' } };
      return { delegation: { agentId: member.id, subtask, output: '', success: false }, reply, tokenUsage: ZERO_USAGE };
    }
  }
}
