import { ChatMessageRecord } from '../../../core/domain/chat/chat-message.entity';
import { TokenUsage } from '../../../core/domain/llm/chat-message';
import { ChatInput } from '../../../core/services/chat/chat-turn';
import { ChatHistory } from '../../../core/services/chat/chat-history-reader.service';
import { ChatReply } from '../../../core/services/chat/chat-responder.service';
import { KnowledgeSource } from '../../../core/domain/agent/agent-run';
import { AgentChatRequest, AgentChatResponse, ChatHistoryMessage, ChatHistoryResponse, ChatTokenUsage, KnowledgeSourceResponse } from '../dto/agent-chat.dto';

export function toChatInput(body: AgentChatRequest): ChatInput {
  return { message: body.message, sessionId: body.session_id, streamlined: body.streamlined };
}

export function toTokenUsage(usage: TokenUsage): ChatTokenUsage {
  return { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens };
}

export function toAgentChatResponse(reply: ChatReply): AgentChatResponse {
  return {
    session_id: reply.sessionId,
    reply: reply.reply,
    tool_calls: reply.toolCalls,
    token_usage: toTokenUsage(reply.tokenUsage),
    ...(reply.review ? { review: { ...reply.review } } : {}),
    ...(reply.knowledgeSources ? { knowledge_sources: reply.knowledgeSources.map(toKnowledgeSourceResponse) } : {}),
  };
}

function toKnowledgeSourceResponse(source: KnowledgeSource): KnowledgeSourceResponse {
  return { knowledge_base_id: source.knowledgeBaseId, document_id: source.documentId, title: source.title };
}

export function toHistoryMessage(message: ChatMessageRecord): ChatHistoryMessage {
  const { id, role, content, status, toolCalls, createdAt } = message;
  return { id, role, content, status, tool_calls: toolCalls, created_at: createdAt.toISOString() };
}

export function toChatHistoryResponse(history: ChatHistory): ChatHistoryResponse {
  const { items, total, page, pageSize } = history.messages;
  return { session_id: history.sessionId, items: items.map(toHistoryMessage), total, page, page_size: pageSize };
}

/** `Last-Event-ID`: the seq of the last frame the client saw; absent or not a whole number means from the start. */
export function afterSeqOf(lastEventId: string | undefined): number {
  const seq = Number(lastEventId);
  return lastEventId !== undefined && /^\d{1,9}$/.test(lastEventId.trim()) && Number.isSafeInteger(seq) ? seq : 0;
}
