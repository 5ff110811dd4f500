import { defaultWorkflowConfig } from '../../domain/agent/agent-defaults';
import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { EnvelopeAgent } from '../../domain/envelope/envelope-agent.entity';

/** Envelope users and agents as the shared agent runner sees them: ids kept apart from the platform's UUIDs. */
export function envelopeActor(userId: number): Actor {
  return { userId: `envelope-user-${userId}`, role: 'user' };
}

/**
 * The envelope agent as an agent the core's runner answers with: its prompt template is the
 * system prompt, its `model_config` chooses the provider through the registry, its knowledge base
 * (if it has one) gives the runner's knowledge context step its passages; no tools, so one model
 * call makes the reply.
 */
export function runnableAgent(agent: EnvelopeAgent, knowledgeBaseIds: string[] = []): Agent {
  const { provider, modelName, temperature, maxTokens } = agent.modelConfig;
  return {
    id: `envelope-agent-${agent.id}`,
    ownerId: envelopeActor(agent.ownerId).userId,
    name: agent.name,
    description: agent.description,
    systemPrompt: agent.promptTemplate,
    modelConfig: { provider, modelName, temperature, maxTokens },
    iterationLimit: 1,
    includeTools: [],
    knowledgeBaseIds,
    workflowConfig: defaultWorkflowConfig(),
    status: 'deployed',
    version: 1,
    isMainAgent: false,
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt,
  };
}
