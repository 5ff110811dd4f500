import { inject, injectable } from 'inversify';
import { JSON_SCHEMA_VALIDATOR, JsonSchemaValidator } from '../../ports/json-schema-validator.port';
import { FieldIssue } from '../../shared/domain-error';
import { JsonObject } from '../../shared/json';
import { err, ok, Result } from '../../shared/result';
import { NodeTypes } from './node-types.service';
import { NodeType } from './nodes/node-type';

/** Where the issues point: the request's names for the type and the config (`node_type`, `config`). */
export interface NodeConfigFields {
  type: string;
  config: string;
}

/**
 * Checks one node's type and config on their own, outside a graph (saved node templates, one
 * node run for debugging): the type must be one NodeTypes runs, the config an object its
 * `configSchema` accepts (through JSON_SCHEMA_VALIDATOR, as every schema is checked).
 */
@injectable()
export class NodeConfigChecker {
  constructor(
    @inject(NodeTypes) private readonly nodeTypes: Pick<NodeTypes, 'all'>,
    @inject(JSON_SCHEMA_VALIDATOR) private readonly schemas: JsonSchemaValidator,
  ) {}

  check(type: unknown, config: unknown, fields: NodeConfigFields): Result<{ nodeType: NodeType; config: JsonObject }, FieldIssue[]> {
    const known = this.nodeTypes.all();
    const nodeType = known.find((candidate) => candidate.type === type);
    if (nodeType === undefined) return err([{ field: fields.type, message: `must be one of ${known.map((t) => t.type).join(', ')}` }]);
    if (config === null || typeof config !== 'object' || Array.isArray(config)) return err([{ field: fields.config, message: 'must be an object' }]);
    const compiled = this.schemas.compile(nodeType.configSchema, fields.config);
    // The schemas are ours: one that does not compile is a bug, not the caller's mistake.
    if (!compiled.ok) throw new Error(`The config schema of node type "${nodeType.type}" does not compile`);
    const issues = compiled.value.validate(config as JsonObject).map((issue) => ({ ...issue, field: joinField(fields.config, issue.field) }));
    return issues.length > 0 ? err(issues) : ok({ nodeType, config: config as JsonObject });
  }
}

function joinField(base: string, inner: string): string {
  if (inner === '') return base;
  return inner.startsWith('[') ? `${base}${inner}` : `${base}.${inner}`;
}
