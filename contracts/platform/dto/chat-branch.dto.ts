import { ChatHistoryMessage } from './agent-chat.dto';

export interface ChatBranchCreateRequest {
  /** The session to branch: yours. */
  session_id: string;
  /**
   * Defaults to `Branch at message <index>`.
   * @maxLength 200
   */
  name?: string;
  /**
   * 0-based index of the last message copied, oldest first; defaults to the last message.
   * @isInt
   */
  message_index?: number;
}

export interface ChatBranchResumeRequest {
  /**
   * @minLength 1
   * @maxLength 32000
   */
  message: string;
}

export interface ChatBranchResponse {
  /** The branch's id, also the `session_id` its turns answer with. */
  id: string;
  /** The session it was copied from. */
  session_id: string;
  /** The agent of the conversation; null for a bare chat. */
  agent_id: string | null;
  name: string;
  /** The last message copied (0-based). */
  message_index: number;
  created_at: string;
}

export interface ChatBranchDetailResponse extends ChatBranchResponse {
  /** Every message of the branch, oldest first: the copies, then the turns of its resumes. */
  messages: ChatHistoryMessage[];
}

export interface ChatBranchListResponse {
  items: ChatBranchResponse[];
  total: number;
  page: number;
  page_size: number;
}
