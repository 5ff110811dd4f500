import { inject, injectable } from 'inversify';
import { AuditEntry } from '../../domain/audit/audit-entry';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { JOB_QUEUE, JobQueue } from '../../ports/job-queue.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { JsonValue } from '../../shared/json';

export const AUDIT_RECORD_JOB = 'audit.record';

export type AuditEvent = Omit<AuditEntry, 'id' | 'createdAt'>;

/**
 * Records operations asynchronously: the request publishes a job and a worker writes it, so
 * auditing never slows a request or fails it. A failed publish is logged, not raised.
 */
@injectable()
export class AuditTrail {
  constructor(
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async record(event: AuditEvent): Promise<void> {
    const id = this.ids.uuid();
    const payload = { ...event, id, createdAt: this.clock.now().toISOString() } as unknown as JsonValue;
    try {
      await this.queue.publish(AUDIT_RECORD_JOB, payload, { jobId: id });
    } catch (error) {
      this.logger.error({ action: event.action, err: error }, 'audit event could not be queued');
    }
  }
}
