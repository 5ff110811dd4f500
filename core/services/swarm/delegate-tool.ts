import { Agent } from '../../domain/agent/agent.entity';
import { ChatMessage, ToolDefinition } from '../../domain/llm/chat-message';
import { cutText } from '../agents/tool-reply';

/** The one tool a coordinator is offered; its `agent_id` enum lists the members. */
export const DELEGATE_TOOL = 'delegate';
/** The structured prompt's task name: the offline model delegates by it. */
export const SWARM_COORDINATOR_TASK = 'swarm-coordinator';
const MAX_DESCRIPTION_CHARS = 300;

export function delegateTool(members: ReadonlyArray<Agent>): ToolDefinition {
  const roster = members.map((agent) => `${agent.id}: ${agent.name} — ${cutText(agent.description, MAX_DESCRIPTION_CHARS)}`).join('\n');
  return {
    name: DELEGATE_TOOL,
    description: `Hands a subtask to one member agent of the swarm and returns its answer. Members:\n${roster}`,
    parameters: {
      type: 'object',
      required: ['agent_id', 'subtask'],
      additionalProperties: false,
      properties: {
        agent_id: { type: 'string', enum: members.map((agent) => agent.id), description: 'The member to hand the subtask to' },
        subtask: { type: 'string', description: 'What the member should do, self-contained' },
      },
    },
  };
}

const INSTRUCTIONS = [
  'You coordinate a swarm of agents to complete the task the user gives.',
  'Split it into subtasks and hand each to the best member with the delegate tool; several delegations in one turn run at the same time.',
  'When the results are in, combine them into one final answer for the user.',
].join(' ');

export function coordinatorMessages(coordinator: Agent, task: string): ChatMessage[] {
  const system = coordinator.systemPrompt ? `${coordinator.systemPrompt}\n\n${INSTRUCTIONS}` : INSTRUCTIONS;
  return [
    { role: 'system', content: system },
    { role: 'user', content: task },
  ];
}
