import { inject, injectable } from 'inversify';
import { referencesIn } from '../../domain/workflow/template-references';
import { ancestorsByNode } from '../../domain/workflow/workflow-ancestry';
import { BODY_NODE_TYPES, PARKING_NODE_TYPES, WorkflowNodeType } from '../../domain/workflow/workflow-graph';
import { MAX_WORKFLOW_NODES, validateWorkflowGraph } from '../../domain/workflow/workflow-graph.rules';
import { WorkflowIssue } from '../../domain/workflow/workflow-issue';
import { JSON_SCHEMA_VALIDATOR, JsonSchemaValidator } from '../../ports/json-schema-validator.port';
import { FieldIssue } from '../../shared/domain-error';
import { JsonObject, JsonSchema, JsonValue } from '../../shared/json';
import { NodeConfigChecker } from './node-config-checker.service';
import { NodeTypes } from './node-types.service';
import { NodeType } from './nodes/node-type';

/** Loop and iteration bodies nested in one another, at most. */
export const MAX_BODY_DEPTH = 3;
/** Characters of a workflow body's JSON, checked before anything is walked. */
export const MAX_WORKFLOW_CHARS = 2_000_000;
/** Config keys that hold no templates: a nested body is checked as a graph of its own, a schema is data. */
const NOT_TEMPLATES = ['body', 'input_schema'];

type Obj = Record<string, unknown>;
interface Level {
  /** Field prefix of this graph in the workflow body (`''`, `nodes[2].config.body.`). */
  prefix: string;
  depth: number;
  /** Nodes upstream of the enclosing loop or iteration node: a body may reference them. */
  outerUpstream: ReadonlySet<string>;
}

/**
 * Every problem of a workflow body (`{nodes, edges}`), each tied to its node; empty when it can
 * run. The graph rules of workflow-graph.rules.ts, then each node's config against its type's JSON
 * Schema and the generic settings (retry, timeout_ms, continue_on_error), every `{{…}}` naming the
 * input, the predecessor or a node upstream, loop and iteration bodies as graphs of their own
 * (no approval or human_input inside), and the size caps. Configs are NodeConfigChecker's to check.
 */
@injectable()
export class WorkflowValidator {
  constructor(
    @inject(NodeTypes) private readonly nodeTypes: Pick<NodeTypes, 'get'>,
    @inject(NodeConfigChecker) private readonly configs: Pick<NodeConfigChecker, 'configIssues'>,
    @inject(JSON_SCHEMA_VALIDATOR) private readonly schemaValidator: JsonSchemaValidator,
  ) {}

  validate(graph: unknown): WorkflowIssue[] {
    const size = jsonLength(graph);
    if (size > MAX_WORKFLOW_CHARS) return [{ node_id: null, field: '', message: `must be at most ${MAX_WORKFLOW_CHARS} characters of JSON` }];
    const total = countNodes(graph, 0);
    if (total > MAX_WORKFLOW_NODES) return [{ node_id: null, field: 'nodes', message: `must hold at most ${MAX_WORKFLOW_NODES} nodes, bodies included` }];
    return this.level(graph, { prefix: '', depth: 0, outerUpstream: new Set() });
  }

  private level(graph: unknown, level: Level): WorkflowIssue[] {
    const nodes = isObject(graph) && Array.isArray(graph.nodes) ? graph.nodes : [];
    const structural = validateWorkflowGraph(graph).map(({ field, message }) => ({ node_id: nodeIdAt(nodes, field), field: level.prefix + field, message }));
    const issues: WorkflowIssue[] = [...structural];
    const upstream = structural.length === 0 && isObject(graph) ? ancestorsOf(graph) : undefined;
    nodes.forEach((node, index) => {
      if (!isObject(node) || typeof node.type !== 'string' || typeof node.id !== 'string') return;
      const type = node.type as WorkflowNodeType;
      const field = `${level.prefix}nodes[${index}]`;
      const config = (isObject(node.config) ? node.config : {}) as JsonValue;
      const at = (issue: FieldIssue) => ({ node_id: node.id as string, field: issue.field, message: issue.message });
      if (level.depth > 0 && PARKING_NODE_TYPES.includes(type)) {
        issues.push(at({ field: `${field}.type`, message: 'must not be approval or human_input inside a loop or iteration body' }));
      }
      if (!structuralTypeKnown(structural, field)) {
        // The graph rules say some config problems more clearly (template caps): the schema's take on the same field is left out.
        const configIssues = this.configIssues(type, config, `${field}.config`).filter((issue) => !structural.some((said) => said.field === issue.field));
        issues.push(...configIssues.map(at));
      }
      if (type === 'human_input' && isObject(config) && isObject(config.input_schema))
        issues.push(...this.inputSchemaIssues(config.input_schema as JsonSchema, `${field}.config.input_schema`).map(at));
      if (upstream) {
        const seen = new Set([...(upstream.get(node.id) ?? []), ...level.outerUpstream]);
        issues.push(...referenceIssues(config, `${field}.config`, seen, node.id).map(at));
      }
      if (BODY_NODE_TYPES.includes(type) && isObject(config) && isObject(config.body)) {
        if (level.depth + 1 > MAX_BODY_DEPTH) issues.push(at({ field: `${field}.config.body`, message: `must be nested at most ${MAX_BODY_DEPTH} deep` }));
        else
          issues.push(
            ...this.level(config.body, {
              prefix: `${field}.config.body.`,
              depth: level.depth + 1,
              outerUpstream: new Set([...(upstream?.get(node.id) ?? []), ...level.outerUpstream]),
            }),
          );
      }
    });
    return issues;
  }

  private configIssues(type: WorkflowNodeType, config: JsonValue, field: string): FieldIssue[] {
    let nodeType: NodeType;
    try {
      nodeType = this.nodeTypes.get(type);
    } catch {
      // A type the graph rules know but no executor runs (yet): the run would fail, so the save does.
      return [{ field: field.replace(/\.config$/, '.type'), message: `"${type}" cannot run on this server` }];
    }
    return this.configs.configIssues(nodeType, isObject(config) ? (config as JsonObject) : {}, field);
  }

  /** A human_input's schema is the user's: compiled through the port's bounds now, so a decision never meets a broken one. */
  private inputSchemaIssues(schema: JsonSchema, field: string): FieldIssue[] {
    const compiled = this.schemaValidator.compile(schema, field);
    return compiled.ok ? [] : compiled.error;
  }
}

function referenceIssues(config: JsonValue, field: string, upstream: ReadonlySet<string>, nodeId: string): FieldIssue[] {
  return referencesIn(config, field, NOT_TEMPLATES).flatMap(({ field: at, path, reference }) => {
    if (reference.kind === 'unknown')
      return [{ field: at, message: `"{{${path}}}" names no variable (input, last, <node_id>.output or nodes.<node_id>.output)` }];
    if (reference.kind === 'node' && !upstream.has(reference.nodeId)) {
      return [{ field: at, message: `"{{${path}}}" names "${reference.nodeId}", which is not a node upstream of "${nodeId}"` }];
    }
    return [];
  });
}

function ancestorsOf(graph: Obj): Map<string, Set<string>> {
  const nodes = (graph.nodes as Obj[]).map((node) => node.id as string);
  return ancestorsByNode(nodes, graph.edges as Array<{ source: string; target: string }>);
}

/** The type is malformed: the structural rules already said so, its config cannot be checked. */
function structuralTypeKnown(structural: WorkflowIssue[], field: string): boolean {
  return structural.some((issue) => issue.field === `${field}.type` || issue.field === field);
}

function countNodes(graph: unknown, depth: number): number {
  if (!isObject(graph) || !Array.isArray(graph.nodes) || depth > MAX_BODY_DEPTH) return 0;
  return graph.nodes.reduce<number>((sum, node) => {
    const body = isObject(node) && isObject(node.config) ? node.config.body : undefined;
    return sum + 1 + countNodes(body, depth + 1);
  }, 0);
}

function nodeIdAt(nodes: unknown[], field: string): string | null {
  const index = /^nodes\[(\d+)\]/.exec(field)?.[1];
  if (index === undefined) return null;
  const node = nodes[Number(index)];
  return isObject(node) && typeof node.id === 'string' ? node.id : null;
}

function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
