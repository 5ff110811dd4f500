import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { RUN_EVENT_LOG, RunEventFollow, RunEventLog } from '../../ports/run-event-log.port';
import { ChatInput, ChatTarget } from './chat-turn';
import { ChatTurns } from './chat-turns.service';

export interface StartedChat {
  sessionId: string;
  /** The stream id. */
  runId: string;
  /** The turn's events from the first, ending with `done` or `error`. */
  events: RunEventFollow;
}

/** A streamed chat turn (`POST /agent-chat/{agent_id}/stream`, `/agent-chat/bare/stream`). */
@injectable()
export class ChatStreamer {
  constructor(
    @inject(ChatTurns) private readonly turns: ChatTurns,
    @inject(RUN_EVENT_LOG) private readonly log: RunEventLog,
  ) {}

  /**
   * Prepares the turn (its refusals are thrown before anything is streamed), follows its run, and
   * starts it; the run goes on after this returns. Aborting `signal` (the client went away)
   * cancels the run's model and tool calls.
   */
  async stream(actor: Actor, target: ChatTarget, input: ChatInput, signal: AbortSignal): Promise<StartedChat> {
    const turn = await this.turns.prepare(actor, target, input);
    const failed = new AbortController();
    const runSignal = AbortSignal.any([signal, failed.signal]);
    const events = this.log.follow(turn.runId, 0, runSignal);
    // Followed before it starts, so the first token goes straight to the client.
    await events.ready.catch(() => undefined);
    void this.turns.execute(turn, runSignal);
    try {
      // The stream id is handed out only once the run is stored (it can be resumed from then on).
      await turn.stored;
    } catch (error) {
      failed.abort();
      throw error;
    }
    return { sessionId: turn.sessionId, runId: turn.runId, events };
  }
}
