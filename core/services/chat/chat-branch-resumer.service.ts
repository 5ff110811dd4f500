import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ChatBranchManager } from './chat-branch-manager.service';
import { ChatReply, ChatResponder } from './chat-responder.service';

/** Continues a branch: a chat turn on the branch's own session, with the agent (or bare model) of its parent. */
@injectable()
export class ChatBranchResumer {
  constructor(
    @inject(ChatBranchManager) private readonly branches: ChatBranchManager,
    @inject(ChatResponder) private readonly responder: ChatResponder,
  ) {}

  async resume(actor: Actor, branchId: string, message: string, signal: AbortSignal): Promise<ChatReply> {
    const branch = await this.branches.owned(actor, branchId);
    const target = branch.agentId === null ? ({ kind: 'bare' } as const) : ({ kind: 'agent', agentId: branch.agentId } as const);
    return this.responder.reply(actor, target, { message, sessionId: branch.id }, signal);
  }
}
