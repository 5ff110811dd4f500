import { isTerminal, RunEventData, RunEventSink } from '../../domain/run/run-event';
import { Logger } from '../../ports/logger.port';
import { runFailureEvent } from '../agents/run-failure-event';

type Terminal = Extract<RunEventData, { type: 'done' | 'error' }>;

/**
 * Passes a turn's events on to its run log, but holds the terminal one back until the turn's
 * messages are stored (a client that has the `done` frame finds the session up to date), and
 * keeps the text of the answer being written, which is what is stored when the turn is cut short.
 */
export class TurnEventRelay {
  private held?: Terminal;
  private text = '';

  constructor(
    private readonly append: (event: RunEventData) => Promise<unknown>,
    private readonly logger: Logger,
    private readonly runId: string,
  ) {}

  readonly sink: RunEventSink = async (event) => {
    if (isTerminal(event)) {
      this.held = event as Terminal;
      return;
    }
    if (event.type === 'token') this.text += event.content;
    // What the model wrote before asking for tools is not the answer.
    else if (event.type === 'tool_call') this.text = '';
    await this.forward(event);
  };

  /** The text of the answer the model was writing when the run ended. */
  get answerSoFar(): string {
    return this.text;
  }

  /** Logs the held terminal event (or one for `failure`) with the session it belongs to. */
  async finish(sessionId: string, failure?: unknown): Promise<void> {
    const terminal = this.held ?? runFailureEvent(failure);
    await this.forward({ ...terminal, sessionId });
  }

  private async forward(event: RunEventData): Promise<void> {
    try {
      await this.append(event);
    } catch (error) {
      // The turn goes on (its reply is still stored); only its stream and log lose the event.
      this.logger.error({ runId: this.runId, type: event.type, error: String(error) }, 'run event not logged');
    }
  }
}
