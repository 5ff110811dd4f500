/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { platform, PlatformAgentReply } from 'kernel:api';
import { withKernelCode } from '../../plugins/tool-lib/kernel-error-code';

interface Input {
  agent_id: string;
  message: string;
}

export default async function callAgent(input: Input): Promise<PlatformAgentReply> {
  let reply: PlatformAgentReply;
  try {
    reply = await platform.call('agents.call', { agentId: input.agent_id, message: input.message });
  } catch (error) {
    throw withKernelCode(error);
  }
  const { agent_id, success, iterations, token_usage, error } = reply;
  const tool_calls = reply.tool_calls.map(({ name, success: ok }) => ({ name, success: ok }));
  return { agent_id, success, reply: reply.reply, iterations, tool_calls, token_usage, ...(error ? { error } : {}) };
}
