import { createContainer } from '../../adapters/composition/create-container';
import { createSecretKey, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { FileSystemWorkspaceFiles } from '../../adapters/workspace/filesystem/file-system-workspace-files';
import { WORKSPACE_FILES } from '../../core/ports/workspace-files.port';
import { AesGcmSecretCipher } from '../../adapters/auth/aes-gcm-secret-cipher';
import { NodeTimers } from '../../adapters/system/node-timers';
import { GuardedHttpEgress } from '../../adapters/http/guarded-http-egress';
import { CryptoIdGenerator } from '../../adapters/system/crypto-id-generator';
import { AjvJsonSchemaValidator } from '../../adapters/validation/ajv-json-schema-validator';
import { CLOCK, Clock } from '../../core/ports/clock.port';
import { HTTP_EGRESS } from '../../core/ports/http-egress.port';
import { ID_GENERATOR } from '../../core/ports/id-generator.port';
import { JOB_QUEUE, JobQueue } from '../../core/ports/job-queue.port';
import { JSON_SCHEMA_VALIDATOR } from '../../core/ports/json-schema-validator.port';
import { JSON_PATH_QUERY } from '../../core/ports/json-path-query.port';
import { JsonPathPlusJsonPathQuery } from '../../adapters/json/jsonpath-plus-json-path-query';
import { LLM_PROVIDER, LlmProvider } from '../../core/ports/llm-provider.port';
import { LLM_PROVIDER_REGISTRY } from '../../core/ports/llm-provider-registry.port';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { SECRET_CIPHER } from '../../core/ports/secret-cipher.port';
import { TIMERS, Timers } from '../../core/ports/timers.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../core/ports/tool-registry.port';
import { AGENT_SETTINGS, DEFAULT_AGENT_RUN_LIMITS } from '../../core/services/agents/agent-settings';
import { DEFAULT_EXECUTION_SETTINGS, EXECUTION_SETTINGS, ExecutionSettings } from '../../core/services/executions/execution-settings';
import { JOB_HANDLER, JobHandler } from '../../core/services/jobs/job-handler';
import { ToolCatalog } from '../../core/services/tools/tool-catalog.service';
import { ToolRunner } from '../../core/services/tools/tool-runner.service';
import { DEFAULT_WORKFLOW_SETTINGS, WORKFLOW_SETTINGS, WorkflowSettings } from '../../core/services/workflows/workflow-settings';
import { InProcessRunEventFeed } from '../../adapters/queue/inprocess/in-process-run-event-feed';
import { runEventLogModule } from '../../adapters/runs/run-event-log.module';
import { DEFAULT_RUN_EVENT_LOG_SETTINGS } from '../../adapters/runs/run-event-log-settings';
import { RUN_EVENT_FEED } from '../../core/ports/run-event-feed.port';
import { FixedLlmProviderRegistry } from '../fixtures/llm/fixed-llm-provider-registry';
import { TestStorage } from './test-database';
import { bindUsageLimits, UsageLimits } from './usage-limits';
import { JsonRepairLenientJsonReader } from '../../adapters/json/jsonrepair-lenient-json-reader';
import { KNOWLEDGE_GATEWAY } from '../../core/ports/knowledge-gateway.port';
import { LENIENT_JSON_READER } from '../../core/ports/lenient-json-reader.port';
import { noKnowledge } from '../fixtures/agents/agent-run-steps';

export interface RunServiceBasics {
  clock: Clock;
  logger: Logger;
  queue: JobQueue;
  llm: LlmProvider;
  /** The tool registry agents and tool nodes use (the test kernel's, or a fake). */
  tools: ToolRegistry;
  /** Per-user limits; generous unless a test sets one. */
  limits?: UsageLimits;
  /** Default: the configuration's defaults. */
  executionSettings?: Partial<ExecutionSettings>;
  workflowSettings?: WorkflowSettings;
  /** Default: Node's timers. */
  timers?: Timers;
}

/**
 * A container holding what agent and workflow runs need, as the composition root binds it:
 * the storage module, the run event log (in-process feed), system ports, ToolCatalog and ToolRunner over `tools`, the usage limits, the agent services
 * (offline defaults) and the workflow and execution settings. Every run is answered by `llm` (a `FixedLlmProviderRegistry`). Callers load
 * the modules under test on top.
 */
export function runServicesContainer(storage: TestStorage, basics: RunServiceBasics): Container {
  const container = createContainer();
  container.bind(CLOCK).toConstantValue(basics.clock);
  container.bind(ID_GENERATOR).toConstantValue(new CryptoIdGenerator());
  container.bind(LOGGER).toConstantValue(basics.logger);
  container.bind(JOB_QUEUE).toConstantValue(basics.queue);
  container.bind(SECRET_CIPHER).toConstantValue(AesGcmSecretCipher.derivedFrom(createSecretKey(randomBytes(32))));
  container.bind(HTTP_EGRESS).toConstantValue(new GuardedHttpEgress());
  container.bind(JSON_SCHEMA_VALIDATOR).toConstantValue(new AjvJsonSchemaValidator());
  container.bind(JSON_PATH_QUERY).toConstantValue(new JsonPathPlusJsonPathQuery());
  container.bind(LLM_PROVIDER).toConstantValue(basics.llm);
  container.bind(LLM_PROVIDER_REGISTRY).toConstantValue(new FixedLlmProviderRegistry(basics.llm));
  container.bind(TOOL_REGISTRY).toConstantValue(basics.tools);
  container.bind(ToolCatalog).toSelf().inSingletonScope();
  container.bind(ToolRunner).toSelf().inSingletonScope();
  bindUsageLimits(container, basics.limits);
  container.bind(AGENT_SETTINGS).toConstantValue({ defaultProvider: 'offline', defaultModel: 'offline-1', ...DEFAULT_AGENT_RUN_LIMITS });
  container.bind(EXECUTION_SETTINGS).toConstantValue({ ...DEFAULT_EXECUTION_SETTINGS, ...basics.executionSettings });
  container.bind(WORKFLOW_SETTINGS).toConstantValue(basics.workflowSettings ?? DEFAULT_WORKFLOW_SETTINGS);
  container.bind(TIMERS).toConstantValue(basics.timers ?? new NodeTimers());
  // Agents of these runs name no knowledge base; a self-review reads its JSON as the app does.
  container.bind(KNOWLEDGE_GATEWAY).toConstantValue(noKnowledge);
  container.bind(LENIENT_JSON_READER).toConstantValue(new JsonRepairLenientJsonReader());
  container.bind(RUN_EVENT_FEED).toConstantValue(new InProcessRunEventFeed(basics.logger));
  // Workflow file nodes reach a real jailed folder, one per container.
  container
    .bind(WORKSPACE_FILES)
    .toConstantValue(new FileSystemWorkspaceFiles(mkdtempSync(join(tmpdir(), 'run-workspace-')), { maxBytes: 10_485_760, maxFiles: 1_000 }));
  container.loadSync(storage.module, runEventLogModule(DEFAULT_RUN_EVENT_LOG_SETTINGS));
  return container;
}

/** The worker's handler of one job type, e.g. `execution.run`. */
export function jobHandlerOf(container: Container, type: string): JobHandler {
  const handler = container.getAll<JobHandler>(JOB_HANDLER).find((candidate) => candidate.type === type);
  if (!handler) throw new Error(`No job handler for ${type}`);
  return handler;
}
