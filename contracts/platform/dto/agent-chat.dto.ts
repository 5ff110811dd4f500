/** A chat message to an agent (or to the bare default model). */
export interface AgentChatRequest {
  /**
   * @minLength 1
   * @maxLength 32000
   */
  message: string;
  /** Continues this session (the `session_id` of an earlier reply); a new session is opened when absent. */
  session_id?: string;
  /** Ask the model for a short answer. */
  streamlined?: boolean;
}

export interface ChatTokenUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatToolCallSummary {
  /** The model's tool-call id, as in the stream's `tool_call` and `tool_result` frames. */
  id: string;
  name: string;
  /** The parsed arguments, or the raw text when they were not a JSON object. */
  arguments: unknown;
  success: boolean;
}

export interface AgentChatResponse {
  session_id: string;
  reply: string;
  tool_calls: ChatToolCallSummary[];
  token_usage: ChatTokenUsage;
  /** Only when the agent has `self_review`: the model's verdict on the reply; `passed` is false when the review failed. */
  review?: RunReviewResponse;
  /** Only when passages of the agent's knowledge bases were put before the first model call. */
  knowledge_sources?: KnowledgeSourceResponse[];
}

export interface RunReviewResponse {
  passed: boolean;
  reason: string;
}

export interface KnowledgeSourceResponse {
  knowledge_base_id: string;
  document_id: string;
  /** The document's title. */
  title: string;
}

export interface ChatHistoryMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** `complete`; `cancelled` or `failed`: the part of an answer written before the stream was cut or the run failed. */
  status: 'complete' | 'cancelled' | 'failed';
  /** Assistant messages: the tool calls of the turn. */
  tool_calls: unknown[];
  created_at: string;
}

export interface ChatHistoryResponse {
  /** The session shown (the latest with this agent unless `session_id` was given); null before the first chat. */
  session_id: string | null;
  items: ChatHistoryMessage[];
  total: number;
  page: number;
  page_size: number;
}
