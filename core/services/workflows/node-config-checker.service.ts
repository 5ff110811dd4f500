import { inject, injectable } from 'inversify';
import { NODE_SETTINGS_SCHEMA, withoutNodeSettings } from '../../domain/workflow/node-settings';
import { CompiledSchema, JSON_SCHEMA_VALIDATOR, JsonSchemaValidator } from '../../ports/json-schema-validator.port';
import { FieldIssue } from '../../shared/domain-error';
import { JsonObject, JsonSchema } from '../../shared/json';
import { err, ok, Result } from '../../shared/result';
import { NodeTypes } from './node-types.service';
import { NodeType } from './nodes/node-type';

/** Where the issues point: the request's names for the type and the config (`node_type`, `config`). */
export interface NodeConfigFields {
  type: string;
  config: string;
}

/**
 * Checks node configs: the fields of the node's type against its `configSchema`, and the generic
 * settings every node may carry (retry, timeout_ms, continue_on_error) against theirs, through
 * JSON_SCHEMA_VALIDATOR as every schema is checked, each compiled once. Workflow validation uses it
 * per node; saved node templates and one node run for debugging use `check`.
 */
@injectable()
export class NodeConfigChecker {
  private readonly compiled = new Map<string, CompiledSchema>();

  constructor(
    @inject(NodeTypes) private readonly nodeTypes: Pick<NodeTypes, 'all'>,
    @inject(JSON_SCHEMA_VALIDATOR) private readonly schemas: JsonSchemaValidator,
  ) {}

  /** A type and config on their own, outside a graph: the type must be one NodeTypes runs, the config an object both schemas accept. */
  check(type: unknown, config: unknown, fields: NodeConfigFields): Result<{ nodeType: NodeType; config: JsonObject }, FieldIssue[]> {
    const known = this.nodeTypes.all();
    const nodeType = known.find((candidate) => candidate.type === type);
    if (nodeType === undefined) return err([{ field: fields.type, message: `must be one of ${known.map((t) => t.type).join(', ')}` }]);
    if (config === null || typeof config !== 'object' || Array.isArray(config)) return err([{ field: fields.config, message: 'must be an object' }]);
    const issues = this.configIssues(nodeType, config as JsonObject, fields.config);
    return issues.length > 0 ? err(issues) : ok({ nodeType, config: config as JsonObject });
  }

  /** The problems of an object config of `nodeType`, fields named under `field`. */
  configIssues(nodeType: NodeType, config: JsonObject, field: string): FieldIssue[] {
    const own = this.schema(nodeType.type, nodeType.configSchema).validate(withoutNodeSettings(config));
    const settings = this.schema('#settings', NODE_SETTINGS_SCHEMA).validate(config);
    return [...own, ...settings].map((issue) => ({ ...issue, field: joinField(field, issue.field) }));
  }

  private schema(key: string, schema: JsonSchema): CompiledSchema {
    let compiled = this.compiled.get(key);
    if (!compiled) {
      const result = this.schemas.compile(schema, 'config');
      // The schemas are ours: one that does not compile is a bug, not the caller's mistake.
      if (!result.ok) throw new Error(`The config schema "${key}" does not compile`);
      compiled = result.value;
      this.compiled.set(key, compiled);
    }
    return compiled;
  }
}

function joinField(base: string, inner: string): string {
  if (inner === '') return base;
  return inner.startsWith('[') ? `${base}${inner}` : `${base}.${inner}`;
}
