/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { platform, PlatformAgentReply } from 'kernel:api';

interface Input {
  agent_id: string;
  message: string;
}

export default async function callAgent(input: Input): Promise<PlatformAgentReply> {
  // A refusal (`not_found`, `invalid_argument`…) fails the call with its code as the reason; a run
  // that ended without an answer is the other agent's answer, with `success: false`.
  const reply = await platform.call('agents.call', { agentId: input.agent_id, message: input.message });
  const { agent_id, success, iterations, token_usage, error } = reply;
  const tool_calls = reply.tool_calls.map(({ name, success: ok }) => ({ name, success: ok }));
  return { agent_id, success, reply: reply.reply, iterations, tool_calls, token_usage, ...(error ? { error } : {}) };
}
