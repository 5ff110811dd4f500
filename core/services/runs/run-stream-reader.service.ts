import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { RunNotFoundError } from '../../domain/run/run.errors';
import { RUN_EVENT_LOG, RunEventFollow, RunEventLog } from '../../ports/run-event-log.port';
import { RUN_REPOSITORY, RunRepository } from '../../ports/run-repository.port';

/** Resumes a run's stream for its owner, from any process: the events after `afterSeq`, then the live tail. */
@injectable()
export class RunStreamReader {
  constructor(
    @inject(RUN_REPOSITORY) private readonly runs: RunRepository,
    @inject(RUN_EVENT_LOG) private readonly log: RunEventLog,
  ) {}

  /** Throws `RunNotFoundError` for an unknown run and for another user's (administrators included: a stream is private). */
  async follow(actor: Actor, runId: string, afterSeq: number, signal: AbortSignal): Promise<RunEventFollow> {
    const run = await this.runs.findById(runId);
    if (!run || run.ownerId !== actor.userId) throw new RunNotFoundError(runId);
    const events = this.log.follow(runId, afterSeq, signal);
    await events.ready;
    return events;
  }
}
