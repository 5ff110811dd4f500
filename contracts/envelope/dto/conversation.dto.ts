export interface ConversationCreateRequest {
  /** One of your agents. @isInt @minimum 1 */
  agent_id: number;
  /** @maxLength 200 */
  title?: string;
}

export interface ConversationResponse {
  id: number;
  agent_id: number;
  title: string;
  /** ISO 8601 UTC */
  created_at: string;
  /** ISO 8601 UTC */
  updated_at: string;
}

export interface MessageRequest {
  /** @minLength 1 @maxLength 32000 */
  content: string;
}

export interface MessageResponse {
  id: number;
  conversation_id: number;
  role: 'user' | 'assistant';
  content: string;
  /** ISO 8601 UTC */
  created_at: string;
}

export interface MessagePageResponse {
  items: MessageResponse[];
  total: number;
  page: number;
  page_size: number;
}
