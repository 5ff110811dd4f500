import { AgentRunStep } from '../../../domain/agent/agent-run';
import { ChatMessage } from '../../../domain/llm/chat-message';
import { JsonValue } from '../../../shared/json';
import { toolMessageContent } from '../../agents/tool-reply';

/** What a resumed agent run is told after the stored conversation. */
export const RESUME_MESSAGE = 'The run was paused and has now resumed. Continue from where you stopped and give your final answer.';

/** The stored steps of an agent run: model calls and tool calls, in order. */
export function agentRunStepsOf(steps: ReadonlyArray<JsonValue>): AgentRunStep[] {
  return steps.filter(
    (step) => step !== null && typeof step === 'object' && !Array.isArray(step) && typeof step.iteration === 'number',
  ) as unknown as AgentRunStep[];
}

/**
 * The conversation an agent run had, rebuilt from its steps: the user's input, then for each
 * iteration what the model wrote with the tool calls it made (ids are made up: the steps do
 * not keep the model's) and each tool's answer, as the loop handed it back.
 */
export function conversationOf(input: string, steps: ReadonlyArray<AgentRunStep>, maxToolChars: number): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'user', content: input }];
  const iterations = [...new Set(steps.map((step) => step.iteration))];
  for (const iteration of iterations) {
    const model = steps.find((step) => step.iteration === iteration && step.type === 'llm');
    const tools = steps.filter((step) => step.iteration === iteration && step.type === 'tool');
    const calls = tools.map((step, index) => ({ id: `resumed_${iteration}_${index + 1}`, name: step.tool ?? '', arguments: argumentsText(step.arguments) }));
    const content = model?.content ?? '';
    if (content !== '' || calls.length > 0) messages.push({ role: 'assistant', content, ...(calls.length > 0 ? { toolCalls: calls } : {}) });
    tools.forEach((step, index) => {
      const reply = step.error ? { success: false as const, error: step.error } : { success: true as const, result: step.result ?? null };
      messages.push({ role: 'tool', content: toolMessageContent(reply, maxToolChars), toolCallId: calls[index].id, name: calls[index].name });
    });
  }
  return messages;
}

/** The last iteration the steps reached (0 when none). */
export function lastIteration(steps: ReadonlyArray<AgentRunStep>): number {
  return steps.reduce((max, step) => Math.max(max, step.iteration), 0);
}

function argumentsText(args: JsonValue | undefined): string {
  if (typeof args === 'string') return args;
  return JSON.stringify(args ?? {});
}
