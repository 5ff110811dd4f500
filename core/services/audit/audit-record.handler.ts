import { inject, injectable } from 'inversify';
import { AuditEntry } from '../../domain/audit/audit-entry';
import { AUDIT_LOG_REPOSITORY, AuditLogRepository } from '../../ports/audit-log-repository.port';
import { Job } from '../../ports/job-queue.port';
import { JobHandler } from '../jobs/job-handler';
import { AUDIT_RECORD_JOB } from './audit-trail.service';

type AuditPayload = Omit<AuditEntry, 'createdAt'> & { createdAt: string };

/** Writes one audit entry; the entry id makes a redelivery a no-op. */
@injectable()
export class AuditRecordHandler implements JobHandler {
  readonly type = AUDIT_RECORD_JOB;

  constructor(@inject(AUDIT_LOG_REPOSITORY) private readonly auditLog: AuditLogRepository) {}

  async handle(job: Job): Promise<void> {
    const payload = job.payload as unknown as AuditPayload;
    await this.auditLog.append({ ...payload, createdAt: new Date(payload.createdAt) });
  }
}
