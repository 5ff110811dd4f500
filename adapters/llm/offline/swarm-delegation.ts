import { ToolCall, ToolDefinition } from '../../../core/domain/llm/chat-message';
import { JsonValue } from '../../../core/shared/json';

const TASK = 'swarm-coordinator';
const TOOL = 'delegate';

/**
 * Task `swarm-coordinator`, before any delegation came back: one `delegate` call per member the
 * tool's `agent_id` enum lists, in order, each handed the user's task as its subtask. (Once the
 * results are in, the offline model sums them up like any tool results.)
 */
export function offlineDelegations(task: string | undefined, tools: ReadonlyArray<ToolDefinition> | undefined, message: string, firstCall: number): ToolCall[] {
  const tool = task?.toLowerCase() === TASK ? tools?.find((offered) => offered.name === TOOL) : undefined;
  if (!tool) return [];
  return memberIds(tool.parameters).map((agentId, index) => ({
    id: `call_offline_${firstCall + index}`,
    name: TOOL,
    arguments: JSON.stringify({ agent_id: agentId, subtask: message }),
  }));
}

function memberIds(parameters: ToolDefinition['parameters']): string[] {
  const properties = (parameters as { properties?: Record<string, { enum?: JsonValue[] }> }).properties;
  return (properties?.agent_id?.enum ?? []).filter((id): id is string => typeof id === 'string');
}
