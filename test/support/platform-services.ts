import { createSecretKey, randomBytes } from 'node:crypto';
import { Container } from 'inversify';
import { agentServicesModule } from '../../adapters/agent-services.module';
import { AesGcmSecretCipher } from '../../adapters/auth/aes-gcm-secret-cipher';
import { GuardedHttpEgress } from '../../adapters/http/guarded-http-egress';
import { platformServicesModule } from '../../adapters/platform-services.module';
import { scheduleServicesModule } from '../../adapters/schedule-services.module';
import { CryptoIdGenerator } from '../../adapters/system/crypto-id-generator';
import { taskServicesModule } from '../../adapters/task-services.module';
import { AjvJsonSchemaValidator } from '../../adapters/validation/ajv-json-schema-validator';
import { workflowServicesModule } from '../../adapters/workflow-services.module';
import { CLOCK } from '../../core/ports/clock.port';
import { HTTP_EGRESS } from '../../core/ports/http-egress.port';
import { ID_GENERATOR } from '../../core/ports/id-generator.port';
import { JOB_QUEUE } from '../../core/ports/job-queue.port';
import { JSON_SCHEMA_VALIDATOR } from '../../core/ports/json-schema-validator.port';
import { LLM_PROVIDER, LlmProvider } from '../../core/ports/llm-provider.port';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { SECRET_CIPHER } from '../../core/ports/secret-cipher.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../core/ports/tool-registry.port';
import { DEFAULT_AGENT_RUN_LIMITS } from '../../core/services/agents/agent-settings';
import { AuditTrail } from '../../core/services/audit/audit-trail.service';
import { JOB_HANDLER, JobHandler } from '../../core/services/jobs/job-handler';
import { ToolCatalog } from '../../core/services/tools/tool-catalog.service';
import { ToolRunner } from '../../core/services/tools/tool-runner.service';
import { JobRecordingQueue, MutableClock } from '../fixtures/schedules/schedule-test-bed';
import { TestStorage } from './test-database';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export interface PlatformServices {
  container: Container;
  clock: MutableClock;
  /** Records every published job (execution runs, schedule fires, audit events) without delivering it. */
  queue: JobRecordingQueue;
  /** The worker's handler of one job type, e.g. `execution.run`. */
  jobHandler(type: string): JobHandler;
}

/**
 * The agent, workflow, task, schedule and platform use cases wired as the composition root wires
 * them, over a test storage, a model and a tool registry (the test kernel's), with a hand-moved clock.
 */
export function createPlatformServices(storage: TestStorage, options: { llm: LlmProvider; tools: ToolRegistry; now: string }): PlatformServices {
  const container = new Container();
  const clock = new MutableClock(new Date(options.now));
  const queue = new JobRecordingQueue();
  container.bind(CLOCK).toConstantValue(clock);
  container.bind(ID_GENERATOR).toConstantValue(new CryptoIdGenerator());
  container.bind(LOGGER).toConstantValue(silent);
  container.bind(JOB_QUEUE).toConstantValue(queue);
  container.bind(AuditTrail).toSelf().inSingletonScope();
  container.bind(SECRET_CIPHER).toConstantValue(AesGcmSecretCipher.derivedFrom(createSecretKey(randomBytes(32))));
  container.bind(HTTP_EGRESS).toConstantValue(new GuardedHttpEgress());
  container.bind(JSON_SCHEMA_VALIDATOR).toConstantValue(new AjvJsonSchemaValidator());
  container.bind(LLM_PROVIDER).toConstantValue(options.llm);
  container.bind(TOOL_REGISTRY).toConstantValue(options.tools);
  container.bind(ToolCatalog).toSelf().inSingletonScope();
  container.bind(ToolRunner).toSelf().inSingletonScope();
  const agentSettings = { defaultProvider: 'offline', defaultModel: 'offline-1', ...DEFAULT_AGENT_RUN_LIMITS };
  container.loadSync(
    storage.module,
    agentServicesModule(agentSettings),
    workflowServicesModule(),
    taskServicesModule(),
    scheduleServicesModule(),
    platformServicesModule(),
  );
  return {
    container,
    clock,
    queue,
    jobHandler: (type) => {
      const handler = container.getAll<JobHandler>(JOB_HANDLER).find((candidate) => candidate.type === type);
      if (!handler) throw new Error(`No job handler for ${type}`);
      return handler;
    },
  };
}
