import { ContainerModule } from 'inversify';
import { AuditRecordHandler } from '../core/services/audit/audit-record.handler';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';
import { JSON_SCHEMA_VALIDATOR } from '../core/ports/json-schema-validator.port';
import { DAILY_QUOTA_LIMITS } from '../core/services/quotas/daily-quota-limits';
import { TOOLS_SETTINGS } from '../core/services/tools/tools-settings';
import { CHAT_SETTINGS } from '../core/services/chat/chat-settings';
import { RUN_SETTINGS } from '../core/services/runs/run-settings';
import { AppConfig } from './config/app-config';
import { APP_CONFIG } from './system/system.tokens';
import { AjvJsonSchemaValidator } from './validation/ajv-json-schema-validator';

/** What the use cases shared by the services and the worker read (settings, the schema validator), and the job handlers the worker serves. */
export const coreServicesModule = new ContainerModule(({ bind }) => {
  bind(RUN_SETTINGS)
    .toDynamicValue((context) => ({ retentionMs: context.get<AppConfig>(APP_CONFIG).runs.retentionMs }))
    .inSingletonScope();
  bind(CHAT_SETTINGS)
    .toDynamicValue((context) => context.get<AppConfig>(APP_CONFIG).chat)
    .inSingletonScope();
  bind(JOB_HANDLER).to(AuditRecordHandler).inSingletonScope();
  bind(JSON_SCHEMA_VALIDATOR).toConstantValue(new AjvJsonSchemaValidator());
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
