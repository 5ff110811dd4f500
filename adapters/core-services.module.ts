import { ContainerModule } from 'inversify';
import { AuditRecordHandler } from '../core/services/audit/audit-record.handler';
import { AuditTrail } from '../core/services/audit/audit-trail.service';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';
import { JobWorker } from '../core/services/jobs/job-worker.service';
import { InstalledPluginLoader } from '../core/services/plugins/installed-plugin-loader.service';
import { JSON_SCHEMA_VALIDATOR } from '../core/ports/json-schema-validator.port';
import { DAILY_QUOTA_LIMITS } from '../core/services/quotas/daily-quota-limits';
import { DailyQuotas } from '../core/services/quotas/daily-quotas.service';
import { ToolCatalog } from '../core/services/tools/tool-catalog.service';
import { ToolRunner } from '../core/services/tools/tool-runner.service';
import { ToolUseThrottle } from '../core/services/tools/tool-use-throttle.service';
import { TOOLS_SETTINGS } from '../core/services/tools/tools-settings';
import { AppConfig } from './config/app-config';
import { APP_CONFIG } from './system/system.tokens';
import { AjvJsonSchemaValidator } from './validation/ajv-json-schema-validator';

/** Use cases shared by the services and the worker, and the job handlers the worker serves. */
export const coreServicesModule = new ContainerModule(({ bind }) => {
  bind(AuditTrail).toSelf().inSingletonScope();
  bind(JobWorker).toSelf().inSingletonScope();
  bind(JOB_HANDLER).to(AuditRecordHandler).inSingletonScope();
  bind(InstalledPluginLoader).toSelf().inSingletonScope();
  bind(ToolCatalog).toSelf().inSingletonScope();
  bind(ToolRunner).toSelf().inSingletonScope();
  bind(ToolUseThrottle).toSelf().inSingletonScope();
  bind(JSON_SCHEMA_VALIDATOR).toConstantValue(new AjvJsonSchemaValidator());
  bind(DailyQuotas).toSelf().inSingletonScope();
  bind(DAILY_QUOTA_LIMITS)
    .toDynamicValue((context) => context.get<AppConfig>(APP_CONFIG).dailyQuotas)
    .inSingletonScope();
  bind(TOOLS_SETTINGS)
    .toDynamicValue((context) => {
      const { testRatePerMinute, useRatePerMinute } = context.get<AppConfig>(APP_CONFIG).tools;
      return { testRatePerMinute, useRatePerMinute };
    })
    .inSingletonScope();
});
