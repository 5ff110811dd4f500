import { ChatMessage, ToolCall } from '../../../core/domain/llm/chat-message';
import { ChatRequest, FinishReason } from '../../../core/ports/llm-provider.port';
import { lastUserMessage, plainOfflineReply, truncate } from './offline-text';
import { findRequestedTool } from './requested-tool';
import { findResponder, genericJsonResponder, OfflineResponder, readStructuredPrompt } from './responders';
import { fillArguments } from './schema-argument-filler';
import { offlineDelegations } from './swarm-delegation';

export interface OfflineReply {
  content: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
}

/**
 * What the offline model answers, in order of precedence: a structured prompt's responder,
 * an answer built from fresh tool results, a swarm coordinator's delegations, a call of a tool
 * the user named, a plain echo.
 */
export function composeOfflineReply(request: ChatRequest, responders: ReadonlyArray<OfflineResponder>): OfflineReply {
  const prompt = readStructuredPrompt(request);
  const responder = findResponder(prompt.task, responders) ?? (request.responseFormat === 'json' ? genericJsonResponder : undefined);
  if (responder) {
    const answer = responder.respond(prompt);
    return text(typeof answer === 'string' ? answer : JSON.stringify(answer));
  }
  const results = trailingToolResults(request.messages);
  if (results.length > 0) return text(answerFromToolResults(results, request.messages));
  const message = lastUserMessage(request.messages);
  const delegations = offlineDelegations(request.task, request.tools, message, countToolCalls(request.messages) + 1);
  if (delegations.length > 0) return { content: '', toolCalls: delegations, finishReason: 'tool_calls' };
  const requested = request.tools?.length ? findRequestedTool(request.tools, message) : undefined;
  if (requested) {
    const call: ToolCall = {
      id: `call_offline_${countToolCalls(request.messages) + 1}`,
      name: requested.tool.name,
      arguments: JSON.stringify(fillArguments(requested.tool.parameters, message, requested.mention)),
    };
    return { content: '', toolCalls: [call], finishReason: 'tool_calls' };
  }
  return text(plainOfflineReply(message));
}

function text(content: string): OfflineReply {
  return { content, toolCalls: [], finishReason: 'stop' };
}

/** The tool messages after the last assistant turn: results the model has not answered yet. */
function trailingToolResults(messages: ReadonlyArray<ChatMessage>): ChatMessage[] {
  const results: ChatMessage[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i].role === 'tool'; i -= 1) results.unshift(messages[i]);
  return results;
}

function answerFromToolResults(results: ChatMessage[], messages: ReadonlyArray<ChatMessage>): string {
  const calls = messages.flatMap((m) => m.toolCalls ?? []);
  const lines = results.map((result) => {
    const name = result.name ?? calls.find((call) => call.id === result.toolCallId)?.name ?? 'requested';
    return `The ${name} tool returned: ${truncate(result.content, 300)}`;
  });
  return `[offline model] ${lines.join(' ')}`;
}

function countToolCalls(messages: ReadonlyArray<ChatMessage>): number {
  return messages.reduce((total, m) => total + (m.toolCalls?.length ?? 0), 0);
}
