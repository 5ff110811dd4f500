import { inject, injectable } from 'inversify';
import { HTTP_EGRESS, HttpEgress } from '../../../ports/http-egress.port';
import { JSON_PATH_QUERY, JsonPathQuery } from '../../../ports/json-path-query.port';
import { JSON_SCHEMA_VALIDATOR, JsonSchemaValidator } from '../../../ports/json-schema-validator.port';
import { KNOWLEDGE_GATEWAY, KnowledgeGateway } from '../../../ports/knowledge-gateway.port';
import { LENIENT_JSON_READER, LenientJsonReader } from '../../../ports/lenient-json-reader.port';
import { TIMERS, Timers } from '../../../ports/timers.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../../ports/tool-registry.port';
import { WORKSPACE_FILES, WorkspaceFiles } from '../../../ports/workspace-files.port';
import { ToolUseThrottle } from '../../tools/tool-use-throttle.service';
import { DailyQuotas } from '../../quotas/daily-quotas.service';

/** What the value nodes run on, beside the model, agents and tools. */
export interface LeafNodePorts {
  json: LenientJsonReader;
  schemas: JsonSchemaValidator;
  knowledge: Pick<KnowledgeGateway, 'search'>;
  egress: HttpEgress;
  kernel: Pick<ToolRegistry, 'runCode'>;
  throttle: Pick<ToolUseThrottle, 'take'>;
  paths: JsonPathQuery;
  timers: Pick<Timers, 'sleep'>;
  files: Pick<WorkspaceFiles, 'read' | 'write'>;
  quotas: Pick<DailyQuotas, 'take'>;
}

/** The ports as the container binds them. */
@injectable()
export class LeafNodePortSet implements LeafNodePorts {
  constructor(
    @inject(LENIENT_JSON_READER) readonly json: LenientJsonReader,
    @inject(JSON_SCHEMA_VALIDATOR) readonly schemas: JsonSchemaValidator,
    @inject(KNOWLEDGE_GATEWAY) readonly knowledge: KnowledgeGateway,
    @inject(HTTP_EGRESS) readonly egress: HttpEgress,
    @inject(TOOL_REGISTRY) readonly kernel: ToolRegistry,
    @inject(ToolUseThrottle) readonly throttle: ToolUseThrottle,
    @inject(JSON_PATH_QUERY) readonly paths: JsonPathQuery,
    @inject(TIMERS) readonly timers: Timers,
    @inject(WORKSPACE_FILES) readonly files: WorkspaceFiles,
    @inject(DailyQuotas) readonly quotas: DailyQuotas,
  ) {}
}
