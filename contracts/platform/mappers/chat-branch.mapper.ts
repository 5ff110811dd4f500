import { ChatBranch } from '../../../core/domain/chat/chat-branch.entity';
import { BranchRequest, BranchWithMessages } from '../../../core/services/chat/chat-branch-manager.service';
import { Page } from '../../../core/shared/pagination';
import { ChatBranchCreateRequest, ChatBranchDetailResponse, ChatBranchListResponse, ChatBranchResponse } from '../dto/chat-branch.dto';
import { toHistoryMessage } from './agent-chat.mapper';

export function toBranchRequest(body: ChatBranchCreateRequest): BranchRequest {
  return { sessionId: body.session_id, name: body.name, messageIndex: body.message_index };
}

export function toChatBranchResponse(branch: ChatBranch): ChatBranchResponse {
  const { id, parentSessionId, agentId, name, messageIndex, createdAt } = branch;
  return { id, session_id: parentSessionId, agent_id: agentId, name, message_index: messageIndex, created_at: createdAt.toISOString() };
}

export function toChatBranchDetailResponse({ branch, messages }: BranchWithMessages): ChatBranchDetailResponse {
  return { ...toChatBranchResponse(branch), messages: messages.map(toHistoryMessage) };
}

export function toChatBranchListResponse(page: Page<ChatBranch>): ChatBranchListResponse {
  return { items: page.items.map(toChatBranchResponse), total: page.total, page: page.page, page_size: page.pageSize };
}
