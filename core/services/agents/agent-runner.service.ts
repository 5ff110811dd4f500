import { inject, injectable } from 'inversify';
import { Agent } from '../../domain/agent/agent.entity';
import { AGENT_RUN_ERRORS, AgentRunOptions, AgentRunResult } from '../../domain/agent/agent-run';
import { Actor } from '../../domain/auth/actor';
import { ChatMessage, ToolCall, ToolDefinition } from '../../domain/llm/chat-message';
import { RunEventSink } from '../../domain/run/run-event';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { TOOL_ERROR_CODES } from '../../domain/tool/tool-outcome';
import { LlmCallTrace } from '../../domain/llm/llm-call';
import { ChatRequest, ChatResponse } from '../../ports/llm-provider.port';
import { LLM_PROVIDER_REGISTRY, LlmProviderRegistry, ResolvedModel } from '../../ports/llm-provider-registry.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { DomainError } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { ToolCatalog } from '../tools/tool-catalog.service';
import { ToolRunner } from '../tools/tool-runner.service';
import { AGENT_SETTINGS, AgentSettings } from './agent-settings';
import { AgentRunRecord } from './agent-run-record';
import { offeredTools } from './offered-tools';
import { parseToolArguments } from './tool-call-arguments';
import { boundedResult, ToolReply, toolMessageContent } from './tool-reply';
import { collectModelStream } from './model-stream';
import { runFailureEvent } from './run-failure-event';
import { agentOwner } from './agent-owner';
import { KnowledgeContextStep } from './knowledge-context.service';
import { SelfReviewer } from './self-reviewer.service';

const LLM_BUDGET_EXCEEDED = 'llm.budget_exceeded';

/** One run's fixed inputs, shared by the steps of the loop. */
interface RunContext {
  actor: Actor;
  agent: Agent;
  offered: Map<string, ToolDefinition>;
  budget: LlmCallBudget;
  signal?: AbortSignal;
  record: AgentRunRecord;
  /** The model that answers this run, chosen once at its start. */
  model: ResolvedModel;
  trace: LlmCallTrace;
  emit: RunEventSink;
}

const noEvents: RunEventSink = async () => undefined;

/**
 * The agent loop: each iteration is one model call followed by the tool calls it asked for,
 * in order, until the model answers without tools or the iteration limit is reached.
 * A failing tool never ends the run (behaviour rule 2): its error goes back to the model.
 * The model is always streamed; the run's events (tokens as they arrive, each tool call and its
 * result under the model's call id, then `done` or `error`) go to `options.events`.
 * Before the first model call, passages of the agent's knowledge bases may join the messages
 * (rule 11); after the final answer, one more call may review it (rule 5). Neither fails the run.
 */
@injectable()
export class AgentRunner {
  constructor(
    @inject(LLM_PROVIDER_REGISTRY) private readonly models: LlmProviderRegistry,
    @inject(ToolCatalog) private readonly catalog: ToolCatalog,
    @inject(ToolRunner) private readonly tools: ToolRunner,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(AGENT_SETTINGS) private readonly settings: AgentSettings,
    @inject(KnowledgeContextStep) private readonly knowledge: KnowledgeContextStep,
    @inject(SelfReviewer) private readonly reviewer: SelfReviewer,
  ) {}

  /**
   * LLM failures other than a spent budget (upstream, timeout, rate limit) are thrown, after an
   * `error` event. A run that ends without an answer returns unsuccessful, after an `error` event.
   */
  async run(actor: Actor, agent: Agent, input: string, options: AgentRunOptions = {}): Promise<AgentRunResult> {
    const emit = options.events ?? noEvents;
    let result: AgentRunResult;
    try {
      result = await this.loop(actor, agent, input, options, emit);
    } catch (error) {
      await emit(runFailureEvent(error));
      throw error;
    }
    const review = result.review ? { review: result.review } : {};
    await emit(result.error ? { type: 'error', ...result.error } : { type: 'done', tokenUsage: result.tokenUsage, ...review });
    return result;
  }

  private async loop(actor: Actor, agent: Agent, input: string, options: AgentRunOptions, emit: RunEventSink): Promise<AgentRunResult> {
    const budget = this.budgetFor(agent, options.budget);
    const record = new AgentRunRecord(budget);
    const offered = await offeredTools(this.catalog, this.logger, actor, agent.id, agent.includeTools);
    const { provider, modelName, modelConfigId } = agent.modelConfig;
    const model = await this.models.resolve({ ownerId: agent.ownerId, provider, modelName, modelConfigId });
    const trace: LlmCallTrace = { agentId: agent.id, ownerId: actor.userId, executionId: options.executionId, sessionId: options.sessionId };
    const maxTotalTokens = agent.maxTotalTokens ?? this.settings.maxTotalTokens;
    const run: RunContext = { actor, agent, offered, budget, signal: options.signal, record, model, trace, emit };
    // Rule 11: the agent's knowledge, searched with its owner's rights; never fails the run.
    const question = options.question ?? input;
    const knowledge = await this.knowledge.contextFor(agentOwner(actor, agent), agent, question);
    record.knowledgeUsed(knowledge.sources);
    const messages: ChatMessage[] = [
      ...(agent.systemPrompt ? [{ role: 'system' as const, content: agent.systemPrompt }] : []),
      ...(knowledge.message ? [knowledge.message] : []),
      ...(options.history ?? []),
      { role: 'user', content: input },
    ];

    for (let iteration = 1; iteration <= agent.iterationLimit; iteration += 1) {
      if (options.signal?.aborted) return record.failed(cancelled());
      const answer = await this.ask(run, messages);
      if ('error' in answer) return record.failed(answer.error);
      const response = answer.response;
      record.modelAnswered(iteration, response.content, response.usage);
      if (record.totalTokens > maxTotalTokens) return record.failed(tokensSpent(record.totalTokens, maxTotalTokens));
      if (response.toolCalls.length === 0) {
        if (agent.selfReview) await this.review(run, question, response.content);
        return record.succeeded(response.content);
      }

      messages.push({ role: 'assistant', content: response.content, toolCalls: response.toolCalls });
      for (const call of response.toolCalls) {
        if (options.signal?.aborted) return record.failed(cancelled());
        const content = await this.callTool(run, iteration, call);
        messages.push({ role: 'tool', content, toolCallId: call.id, name: call.name });
      }
    }
    // Behaviour rule 6: cut off while the model still wanted tools.
    this.logger.info({ agentId: agent.id, iterationLimit: agent.iterationLimit }, 'agent run reached its iteration limit');
    const message = `The agent reached its limit of ${agent.iterationLimit} iterations without a final answer`;
    return record.failed({ code: AGENT_RUN_ERRORS.iterationLimit, message });
  }

  /**
   * A fresh budget per run starts the call counter at zero (rule 4): the agent's `maxLlmCalls`,
   * else the configured default, else `iterationLimit × llmCallsPerIteration`. A caller's budget
   * (an execution's, a calling agent's) bounds it too: every call counts against both.
   */
  private budgetFor(agent: Agent, shared: LlmCallBudget | undefined): LlmCallBudget {
    const limit = agent.maxLlmCalls ?? this.settings.maxLlmCalls ?? agent.iterationLimit * this.settings.llmCallsPerIteration;
    return shared ? shared.within(limit) : new LlmCallBudget(limit);
  }

  /** Rule 5: the review joins the result (its call counts in the run's calls and tokens); the answer stands whatever it says. */
  private async review(run: RunContext, question: string, answer: string): Promise<void> {
    const { model, budget, trace, signal, agent } = run;
    const outcome = await this.reviewer.review({ model, budget, trace, signal, temperature: agent.modelConfig.temperature }, question, answer);
    run.record.reviewed(outcome.review, outcome.usage);
  }

  /** The model's answer, or the error that ends the run (a spent budget, a cancellation). */
  private async ask(run: RunContext, messages: ChatMessage[]): Promise<{ response: ChatResponse } | { error: { code: string; message: string } }> {
    const { agent, offered, budget, signal, model, trace } = run;
    const request: ChatRequest = {
      messages: [...messages],
      tools: offered.size > 0 ? [...offered.values()] : undefined,
      temperature: agent.modelConfig.temperature,
      maxTokens: agent.modelConfig.maxTokens,
      model: model.model,
      budget,
      trace,
      signal,
    };
    try {
      return { response: await collectModelStream(model.provider.stream(request), run.emit) };
    } catch (error) {
      if (error instanceof DomainError && error.code === LLM_BUDGET_EXCEEDED) {
        return { error: { code: AGENT_RUN_ERRORS.budgetExceeded, message: error.message } };
      }
      if (signal?.aborted) return { error: cancelled() };
      throw error;
    }
  }

  /** Runs one tool call and returns the tool message content; never throws (rule 2). */
  private async callTool(run: RunContext, iteration: number, call: ToolCall): Promise<string> {
    const { agent, record } = run;
    const max = this.settings.maxToolResultChars;
    const parsed = parseToolArguments(call.arguments);
    const args: JsonValue = parsed.ok ? parsed.value : parsed.raw;
    let reply: ToolReply;
    await run.emit({ type: 'tool_call', id: call.id, name: call.name, arguments: args });
    if (!run.offered.has(call.name)) {
      this.logger.warn({ agentId: agent.id, tool: call.name, toolCallId: call.id }, 'model called a tool it was not offered');
      reply = { success: false, error: { code: 'not_found', message: `Tool "${call.name}" is not available to this agent` } };
    } else if (!parsed.ok) {
      // Behaviour rule 7. The raw text is not logged: it may hold whatever the user pasted.
      this.logger.warn(
        { agentId: agent.id, tool: call.name, toolCallId: call.id, length: call.arguments.length },
        'tool call arguments are not a valid JSON object',
      );
      reply = { success: false, error: { code: 'invalid_input', message: 'The arguments are not a valid JSON object' } };
    } else {
      reply = await this.useTool(run, call, parsed.value);
    }
    if (reply.success) {
      const result = boundedResult(reply.result, max);
      record.toolSucceeded(iteration, call, args, result);
      await run.emit({ type: 'tool_result', id: call.id, name: call.name, result });
    } else {
      record.toolFailed(iteration, call, args, reply.error);
      await run.emit({ type: 'tool_result', id: call.id, name: call.name, error: reply.error });
    }
    return toolMessageContent(reply, max);
  }

  private async useTool(run: RunContext, call: ToolCall, args: Record<string, JsonValue>): Promise<ToolReply> {
    try {
      const outcome = await this.tools.use(run.actor, call.name, args, { budget: run.budget, signal: run.signal, trace: run.trace });
      return outcome.success ? { success: true, result: outcome.result } : { success: false, error: outcome.error };
    } catch (error) {
      // Rule 2: an exception raised while a tool runs is the tool's failure, not the run's.
      const known = error instanceof DomainError;
      this.logger.warn(
        { agentId: run.agent.id, tool: call.name, toolCallId: call.id, code: known ? error.code : undefined, error: String(error) },
        'tool call threw; the run goes on',
      );
      if (!known) return { success: false, error: { code: 'runtime_error', message: 'The tool failed unexpectedly' } };
      const code = (TOOL_ERROR_CODES as ReadonlyArray<string>).includes(error.reason) ? error.reason : 'runtime_error';
      return { success: false, error: { code, message: error.message } };
    }
  }
}

function tokensSpent(used: number, limit: number): { code: string; message: string } {
  return { code: AGENT_RUN_ERRORS.budgetExceeded, message: `The run used ${used} tokens, past its budget of ${limit}` };
}

function cancelled(): { code: string; message: string } {
  return { code: AGENT_RUN_ERRORS.cancelled, message: 'The run was cancelled' };
}
