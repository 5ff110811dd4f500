import { ChatBranch } from '../domain/chat/chat-branch.entity';
import { NewChatMessage } from '../domain/chat/chat-message.entity';
import { token } from '../shared/token';

/** Conversation branches: each one a chat session with its copied messages. Access rules live in the services. */
export interface ChatBranchRepository {
  /** Stores the branch, its session (created and updated at `branch.createdAt`) and `messages` (numbered from 0) at once. */
  create(branch: ChatBranch, messages: ReadonlyArray<NewChatMessage>): Promise<void>;

  find(id: string): Promise<ChatBranch | undefined>;

  /** The owner's branches, newest first, optionally only those of one parent session, and how many there are. */
  list(ownerId: string, parentSessionId: string | undefined, offset: number, limit: number): Promise<{ items: ChatBranch[]; total: number }>;

  /** Deletes the branch with its session and messages; an unknown id does nothing. */
  delete(id: string): Promise<void>;
}

export const CHAT_BRANCH_REPOSITORY = token<ChatBranchRepository>('ChatBranchRepository');
