import { AgentRunResult } from '../../domain/agent/agent-run';
import { AgentCallView } from '../../ports/platform-gateway.port';
import { tokenUsageView } from './view-values';

/** A nested agent run as the calling tool sees it: the reply and what it cost, not the steps. */
export function agentCallView(agentId: string, result: AgentRunResult): AgentCallView {
  const view = {
    agent_id: agentId,
    success: result.success,
    reply: result.output,
    iterations: result.iterations,
    tool_calls: result.toolCalls.map((call) => ({ name: call.name, success: call.success })),
    token_usage: tokenUsageView(result.tokenUsage),
  };
  return result.error ? { ...view, error: { code: result.error.code, message: result.error.message } } : view;
}
