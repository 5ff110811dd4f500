import { ContainerModule } from 'inversify';
import { AuditRecordHandler } from '../core/services/audit/audit-record.handler';
import { AuditTrail } from '../core/services/audit/audit-trail.service';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';
import { JobWorker } from '../core/services/jobs/job-worker.service';

/** Use cases shared by the services and the worker, and the job handlers the worker serves. */
export const coreServicesModule = new ContainerModule(({ bind }) => {
  bind(AuditTrail).toSelf().inSingletonScope();
  bind(JobWorker).toSelf().inSingletonScope();
  bind(JOB_HANDLER).to(AuditRecordHandler).inSingletonScope();
});
