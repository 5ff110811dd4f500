import { agentDefaults } from '../../domain/agent/agent-defaults';
import { Agent } from '../../domain/agent/agent.entity';
import { AgentSettings } from '../agents/agent-settings';

/** The agent of a bare chat: the default model with the default settings, no system prompt and no tools. */
export function bareAgent(ownerId: string, settings: AgentSettings, now: Date): Agent {
  return {
    id: 'bare',
    ownerId,
    name: 'Bare chat',
    description: '',
    systemPrompt: '',
    ...agentDefaults(settings.defaultProvider, settings.defaultModel),
    status: 'deployed',
    version: 1,
    isMainAgent: false,
    createdAt: now,
    updatedAt: now,
  };
}

const STREAMLINED_INSTRUCTION = 'Answer as briefly as you can: the essentials only, with no preamble.';

/** The agent asked for a short answer (the chat request's `streamlined`). */
export function streamlined(agent: Agent): Agent {
  const systemPrompt = agent.systemPrompt ? `${agent.systemPrompt}\n\n${STREAMLINED_INSTRUCTION}` : STREAMLINED_INSTRUCTION;
  return { ...agent, systemPrompt };
}
