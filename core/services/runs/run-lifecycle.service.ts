import { inject, injectable } from 'inversify';
import { RunKind, RunStatus } from '../../domain/run/run.entity';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { RUN_REPOSITORY, RunRepository } from '../../ports/run-repository.port';
import { RUN_SETTINGS, RunSettings } from './run-settings';

/** Opens a run record before its events are logged, and closes it with how it ended. */
@injectable()
export class RunLifecycle {
  constructor(
    @inject(RUN_REPOSITORY) private readonly runs: RunRepository,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(RUN_SETTINGS) private readonly settings: RunSettings,
  ) {}

  /**
   * A new `running` run of `kind` owned by `ownerId`: its id (the stream id) at once, and `stored`,
   * which settles once its record is written (so a caller may start the run meanwhile).
   */
  open(kind: RunKind, ownerId: string): { runId: string; stored: Promise<void> } {
    const now = this.clock.now();
    const id = this.ids.uuid();
    const expiresAt = new Date(now.getTime() + this.settings.retentionMs);
    const stored = this.runs.create({
      id,
      kind,
      ownerId,
      status: 'running',
      leaseOwner: null,
      leaseExpiresAt: null,
      createdAt: now,
      updatedAt: now,
      expiresAt,
    });
    return { runId: id, stored };
  }

  async close(runId: string, status: Exclude<RunStatus, 'running'>): Promise<void> {
    await this.runs.setStatus(runId, status, this.clock.now());
  }
}
