import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { RunEvent } from '../../domain/run/run-event';
import { RUN_EVENT_LOG, RunEventFollow, RunEventLog } from '../../ports/run-event-log.port';
import { BadRequestError } from '../../shared/common.errors';
import { ExecutionManager } from '../executions/execution-manager.service';

/** Largest `after` taken: far beyond any run's events, small enough to stay an exact integer everywhere. */
const MAX_SEQ = 2 ** 31 - 1;

/** An execution's run events for its owner (or an admin): stored after a seq, or followed live. Another user's is not found. */
@injectable()
export class ExecutionEventReader {
  constructor(
    @inject(ExecutionManager) private readonly executions: Pick<ExecutionManager, 'get'>,
    @inject(RUN_EVENT_LOG) private readonly log: RunEventLog,
  ) {}

  /** Throws what `follow` would (not found, bad `after`) without following; answers the seq to follow after. */
  async check(actor: Actor, executionId: string, after: number | undefined): Promise<number> {
    const afterSeq = checkAfter(after);
    await this.executions.get(actor, executionId);
    return afterSeq;
  }

  /** The stored events with `seq > after`, in order. */
  async read(actor: Actor, executionId: string, after: number | undefined): Promise<RunEvent[]> {
    const afterSeq = checkAfter(after);
    await this.executions.get(actor, executionId);
    return this.log.read(executionId, afterSeq);
  }

  /** The events with `seq > after`, stored then live, each once, ending after the terminal one or when `signal` aborts. */
  async follow(actor: Actor, executionId: string, after: number | undefined, signal: AbortSignal): Promise<RunEventFollow> {
    const afterSeq = checkAfter(after);
    await this.executions.get(actor, executionId);
    const events = this.log.follow(executionId, afterSeq, signal);
    await events.ready;
    return events;
  }
}

function checkAfter(after: number | undefined): number {
  if (after === undefined) return 0;
  if (!Number.isSafeInteger(after) || after < 0 || after > MAX_SEQ) throw new BadRequestError('`after` must be a sequence number (a whole number, 0 or more)');
  return after;
}
