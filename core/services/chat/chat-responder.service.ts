import { inject, injectable } from 'inversify';
import { AgentRunResult } from '../../domain/agent/agent-run';
import { Actor } from '../../domain/auth/actor';
import { ChatTurnFailedError } from '../../domain/chat/chat.errors';
import { TokenUsage } from '../../domain/llm/chat-message';
import { runFailureEvent } from '../agents/run-failure-event';
import { ChatInput, ChatTarget } from './chat-turn';
import { ChatTurns } from './chat-turns.service';

export interface ChatReply {
  sessionId: string;
  /** The turn's run: its events can be read back like a stream's. */
  runId: string;
  reply: string;
  toolCalls: AgentRunResult['toolCalls'];
  tokenUsage: TokenUsage;
  /** The self-review of the reply, when the agent asks for one (behaviour rule 5). */
  review?: AgentRunResult['review'];
  /** The knowledge passages' sources put before the first model call (behaviour rule 11). */
  knowledgeSources?: AgentRunResult['knowledgeSources'];
}

/** A chat turn answered in one response (`POST /agent-chat/{agent_id}`, `/agent-chat/bare`). */
@injectable()
export class ChatResponder {
  constructor(@inject(ChatTurns) private readonly turns: ChatTurns) {}

  /**
   * A turn that ends without an answer throws `ChatTurnFailedError` with the run's code
   * (`llm.upstream_error`: the provider failed, said without its detail; `agent.iteration_limit`…).
   */
  async reply(actor: Actor, target: ChatTarget, input: ChatInput, signal: AbortSignal): Promise<ChatReply> {
    const turn = await this.turns.prepare(actor, target, input);
    const { result, failure } = await this.turns.execute(turn, signal);
    // A session or run that could not be stored is a failure of ours (500), not the model's.
    await turn.stored;
    if (!result) {
      const event = runFailureEvent(failure);
      throw new ChatTurnFailedError(event.code, event.message);
    }
    if (result.error) throw new ChatTurnFailedError(result.error.code, result.error.message);
    const { output, toolCalls, tokenUsage, review, knowledgeSources } = result;
    return {
      sessionId: turn.sessionId,
      runId: turn.runId,
      reply: output,
      toolCalls,
      tokenUsage,
      ...(review ? { review } : {}),
      ...(knowledgeSources ? { knowledgeSources } : {}),
    };
  }
}
