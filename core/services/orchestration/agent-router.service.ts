import { inject, injectable } from 'inversify';
import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { TokenUsage } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { LLM_PROVIDER_REGISTRY, LlmProviderRegistry } from '../../ports/llm-provider-registry.port';
import { AGENT_SETTINGS, AgentSettings } from '../agents/agent-settings';
import { routedAgentId, routingMessages, ROUTING_TASK } from './routing-prompt';

export interface RoutingChoice {
  agentId: string;
  tokenUsage: TokenUsage;
}

/** Picks the agent that answers a `route` orchestration: one call of the server's default model. */
@injectable()
export class AgentRouter {
  constructor(
    @inject(LLM_PROVIDER_REGISTRY) private readonly models: LlmProviderRegistry,
    @inject(AGENT_SETTINGS) private readonly settings: AgentSettings,
  ) {}

  async pick(
    actor: Actor,
    candidates: ReadonlyArray<Agent>,
    message: string,
    options: { budget: LlmCallBudget; signal: AbortSignal; runId: string },
  ): Promise<RoutingChoice> {
    const model = await this.models.resolve({ ownerId: actor.userId, provider: this.settings.defaultProvider, modelName: this.settings.defaultModel });
    const response = await model.provider.chat({
      messages: routingMessages(candidates, message),
      model: model.model,
      temperature: 0,
      responseFormat: 'json',
      task: ROUTING_TASK,
      budget: options.budget,
      signal: options.signal,
      trace: { ownerId: actor.userId, executionId: options.runId },
    });
    return { agentId: routedAgentId(response.content, candidates), tokenUsage: response.usage };
  }
}
