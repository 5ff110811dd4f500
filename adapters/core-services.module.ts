import { ContainerModule } from 'inversify';
import { AuditRecordHandler } from '../core/services/audit/audit-record.handler';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';
import { JSON_SCHEMA_VALIDATOR } from '../core/ports/json-schema-validator.port';
import { JSON_PATH_QUERY } from '../core/ports/json-path-query.port';
import { JsonPathPlusJsonPathQuery } from './json/jsonpath-plus-json-path-query';
import { AjvJsonSchemaValidator } from './validation/ajv-json-schema-validator';

/** The schema validator and JSONPath engine the use cases shared by the services and the worker read, and the audit job handler the worker serves. */
export const coreServicesModule = new ContainerModule(({ bind }) => {
  bind(JOB_HANDLER).to(AuditRecordHandler).inSingletonScope();
  bind(JSON_SCHEMA_VALIDATOR).toConstantValue(new AjvJsonSchemaValidator());
  bind(JSON_PATH_QUERY).toConstantValue(new JsonPathPlusJsonPathQuery());
});
