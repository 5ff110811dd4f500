import { inject, injectable } from 'inversify';
import { AgentRunResult } from '../../domain/agent/agent-run';
import { EnvelopeMessage } from '../../domain/envelope/envelope-conversation.entity';
import { ChatMessage } from '../../domain/llm/chat-message';
import { RunEventSink } from '../../domain/run/run-event';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ENVELOPE_AGENT_REPOSITORY, EnvelopeAgentRepository } from '../../ports/envelope-agent-repository.port';
import { ENVELOPE_KNOWLEDGE_REPOSITORY, EnvelopeKnowledgeRepository } from '../../ports/envelope-knowledge-repository.port';
import { ENVELOPE_CONVERSATION_REPOSITORY, EnvelopeConversationRepository } from '../../ports/envelope-conversation-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { NotFoundError, ValidationError } from '../../shared/common.errors';
import { AgentRunner } from '../agents/agent-runner.service';
import { CHAT_SETTINGS, ChatSettings } from '../chat/chat-settings';
import { ChatThrottle } from '../chat/chat-throttle.service';
import { EnvelopeConversations } from './envelope-conversations.service';
import { EnvelopeReplyEvent } from './envelope-reply-event';
import { envelopeActor, runnableAgent } from './envelope-runnable-agent';
import { ReplyChannel } from './reply-channel';

export const MAX_ENVELOPE_MESSAGE_CHARS = 32_000;

/** Said instead of the provider's own words, which may name hosts, keys or quotas. */
const REPLY_FAILED = 'The model failed to answer; nothing was stored. Try again.';

export interface StartedReply {
  /** Tokens in order, then one `done` or one `error`. */
  events: AsyncIterable<EnvelopeReplyEvent>;
  /** Settles once the turn is stored (or known to store nothing); never rejects. */
  finished: Promise<void>;
}

/**
 * A message to a conversation and the agent's streamed reply, by the core's agent runner. The turn
 * runs to its end whether or not the client keeps reading: the user message and the whole reply
 * are stored together once the model has finished, before the `done` frame goes out. A failed turn
 * stores nothing, so no half-written reply is ever read back as history.
 */
@injectable()
export class EnvelopeReplier {
  constructor(
    @inject(EnvelopeConversations) private readonly conversations: EnvelopeConversations,
    @inject(ENVELOPE_CONVERSATION_REPOSITORY) private readonly store: EnvelopeConversationRepository,
    @inject(ENVELOPE_AGENT_REPOSITORY) private readonly agents: EnvelopeAgentRepository,
    @inject(ENVELOPE_KNOWLEDGE_REPOSITORY) private readonly knowledge: EnvelopeKnowledgeRepository,
    @inject(AgentRunner) private readonly runner: AgentRunner,
    @inject(ChatThrottle) private readonly throttle: ChatThrottle,
    @inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Refusals (validation, 403, 404, the chat rate) are thrown before anything is streamed. */
  async send(userId: number, conversationId: number, content: string): Promise<StartedReply> {
    if (content.trim().length === 0 || [...content].length > MAX_ENVELOPE_MESSAGE_CHARS) {
      const message = `must be 1 to ${MAX_ENVELOPE_MESSAGE_CHARS} characters, not only spaces`;
      throw new ValidationError(`content: ${message}`, [{ field: 'content', message }]);
    }
    const conversation = await this.conversations.get(userId, conversationId);
    const agent = await this.agents.findById(conversation.agentId);
    if (!agent) throw new NotFoundError('envelope_agent', 'Agent not found');
    const actor = envelopeActor(userId);
    await this.throttle.take(actor);
    const knowledgeBase = await this.knowledge.baseOf(agent.id);
    const knowledgeBases = knowledgeBase ? [knowledgeBase] : [];
    const history = contextOf(await this.store.recentMessages(conversationId, this.settings.historyMessages), this.settings.historyChars);
    const channel = new ReplyChannel<EnvelopeReplyEvent>();
    const sink: RunEventSink = async (event) => {
      if (event.type === 'token') channel.push({ type: 'token', content: event.content });
    };
    const finished = this.runner
      .run(actor, runnableAgent(agent, knowledgeBases), content, { history, events: sink })
      .then((result) => this.finish(conversationId, content, result, channel))
      .catch((error: unknown) => this.fail(conversationId, error, channel));
    return { events: channel, finished };
  }

  private async finish(conversationId: number, content: string, result: AgentRunResult, channel: ReplyChannel<EnvelopeReplyEvent>): Promise<void> {
    if (!result.success) return this.fail(conversationId, result.error, channel);
    const now = this.clock.now();
    try {
      await this.store.appendMessages(
        conversationId,
        [
          { role: 'user', content, createdAt: now },
          { role: 'assistant', content: result.output, createdAt: now },
        ],
        now,
      );
    } catch (error) {
      return this.fail(conversationId, error, channel);
    }
    channel.push({ type: 'done' });
    channel.close();
  }

  private fail(conversationId: number, error: unknown, channel: ReplyChannel<EnvelopeReplyEvent>): void {
    this.logger.warn({ conversationId, error: String(error instanceof Error ? error.message : JSON.stringify(error)) }, 'envelope reply failed');
    channel.push({ type: 'error', content: REPLY_FAILED });
    channel.close();
  }
}

/** The conversation so far as model messages: the newest kept while they fit in `maxChars`. */
function contextOf(recent: ReadonlyArray<EnvelopeMessage>, maxChars: number): ChatMessage[] {
  const kept: ChatMessage[] = [];
  let chars = 0;
  for (let i = recent.length - 1; i >= 0; i -= 1) {
    chars += recent[i].content.length;
    if (chars > maxChars) break;
    kept.unshift({ role: recent[i].role, content: recent[i].content });
  }
  return kept;
}
