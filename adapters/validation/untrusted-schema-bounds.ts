import { FieldIssue } from '../../core/shared/domain-error';
import { JsonValue } from '../../core/shared/json';
import { err, Result } from '../../core/shared/result';
import { measureJson } from './json-size';
import { patternProblem } from './re2-reg-exp-engine';
import { buildCostModel, ValuePosition } from './untrusted-schema-cost-model';
import { UNTRUSTED_SCHEMA_FORMATS } from './untrusted-schema-formats';
import { buildSchemaGraph, SchemaNode } from './untrusted-schema-graph';
import {
  MAX_EXPANDED_SCHEMA_SIZE,
  MAX_PATTERN_CHARS,
  MAX_PATTERN_CHARS_PER_SCHEMA,
  MAX_SCHEMA_DEPTH,
  MAX_SCHEMA_FAN_OUT,
  MAX_UNIQUE_ITEMS,
} from './untrusted-schema-limits';

const COUNTED_LISTS = ['allOf', 'anyOf', 'oneOf', 'items'];
const COUNTED_MAPS = ['properties', 'patternProperties', 'dependencies'];
/** Keywords holding one subschema, a list of them, or a map of them (subschemas are measured as their own nodes). */
const SUBSCHEMA_ONE = new Set(['not', 'if', 'then', 'else', 'additionalProperties', 'propertyNames', 'additionalItems', 'contains', 'items']);
const SUBSCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'items']);
const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties', 'dependencies', 'definitions', '$defs']);

class TooDeep extends Error {}

/**
 * The static check every untrusted schema passes before Ajv sees it (limits in
 * untrusted-schema-limits.ts): references stay inside the document, nesting, fan-out and
 * expanded size are bounded, patterns are RE2-compatible and few, `uniqueItems` has a small `maxItems`,
 * no `$ref` cycle stays on one value, and no value can be checked against too many subschemas.
 * On success, the cost model that prices each value before it is validated.
 * Issue fields are JSON pointers inside the schema (`/properties/code/pattern`).
 */
export function checkUntrustedSchemaBounds(schema: JsonValue): Result<ValuePosition, FieldIssue[]> {
  const graph = buildSchemaGraph(schema);
  const issues = [...graph.issues, ...graph.nodes.flatMap(shapeIssues)];
  if (issues.length > 0) return err(issues);
  // Cheapest first: sizes are counted before any pattern is compiled.
  const sized = sizeIssues(graph.root);
  if (sized.length > 0) return err(sized);
  const patterns = patternIssues(graph.nodes);
  if (patterns.length > 0) return err(patterns);
  const cycle = sameValueCycle(graph.nodes);
  if (cycle) return err([cycle]);
  return buildCostModel(graph.root);
}

function patternIssues(nodes: ReadonlyArray<SchemaNode>): FieldIssue[] {
  const found: Array<{ field: string; source: string; asKey: boolean }> = [];
  for (const node of nodes) {
    if (typeof node.schema === 'boolean') continue;
    const { pattern, patternProperties } = node.schema;
    if (typeof pattern === 'string') found.push({ field: pointerAt(node, 'pattern'), source: pattern, asKey: false });
    for (const source of isObject(patternProperties) ? Object.keys(patternProperties) : []) {
      found.push({ field: pointerAt(node, 'patternProperties', source.slice(0, MAX_PATTERN_CHARS)), source, asKey: true });
    }
  }
  const total = [...new Set(found.map((p) => p.source))].reduce((sum, source) => sum + source.length, 0);
  if (total > MAX_PATTERN_CHARS_PER_SCHEMA) return [{ field: '', message: `holds more than ${MAX_PATTERN_CHARS_PER_SCHEMA} characters of distinct patterns` }];
  return found.flatMap(({ field, source, asKey }) => {
    const problem = patternProblem(source);
    if (!problem) return [];
    return [{ field, message: asKey ? `is not a usable pattern: it ${problem}` : problem }];
  });
}

function shapeIssues(node: SchemaNode): FieldIssue[] {
  if (typeof node.schema === 'boolean') return [];
  const schema = node.schema;
  const at = (...parts: string[]) => pointerAt(node, ...parts);
  const issues: FieldIssue[] = [];
  for (const keyword of COUNTED_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list) && list.length > MAX_SCHEMA_FAN_OUT)
      issues.push({ field: at(keyword), message: `must have at most ${MAX_SCHEMA_FAN_OUT} entries` });
  }
  for (const keyword of COUNTED_MAPS) {
    const map = schema[keyword];
    if (isObject(map) && Object.keys(map).length > MAX_SCHEMA_FAN_OUT)
      issues.push({ field: at(keyword), message: `must have at most ${MAX_SCHEMA_FAN_OUT} keys` });
  }
  if (typeof schema.format === 'string' && !UNTRUSTED_SCHEMA_FORMATS.includes(schema.format as never)) {
    const message =
      schema.format === 'url'
        ? 'is not supported: its check takes quadratic time on long strings; use "uri"'
        : `is not a known format (known: ${UNTRUSTED_SCHEMA_FORMATS.join(', ')})`;
    issues.push({ field: at('format'), message });
  }
  if (schema.uniqueItems === true && !(typeof schema.maxItems === 'number' && schema.maxItems <= MAX_UNIQUE_ITEMS)) {
    issues.push({ field: at('uniqueItems'), message: `needs a maxItems of at most ${MAX_UNIQUE_ITEMS} (every pair of items is compared)` });
  }
  if (schema.$async !== undefined) issues.push({ field: at('$async'), message: 'is not allowed: validation must be synchronous' });
  return issues;
}

/**
 * A `$ref` that comes back to where it started without entering a property or an item would
 * make validation recurse on one value forever. Depth-first, without recursion.
 */
function sameValueCycle(nodes: ReadonlyArray<SchemaNode>): FieldIssue | undefined {
  const done = new Set<SchemaNode>();
  const onPath = new Set<SchemaNode>();
  for (const start of nodes) {
    if (done.has(start)) continue;
    const stack: Array<{ node: SchemaNode; next: number }> = [{ node: start, next: 0 }];
    onPath.add(start);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const target = frame.node.sameValue[frame.next];
      frame.next += 1;
      if (target === undefined) {
        stack.pop();
        onPath.delete(frame.node);
        done.add(frame.node);
      } else if (onPath.has(target)) {
        const field = frame.node.ref === target ? `${frame.node.pointer}/$ref` : frame.node.pointer;
        return { field, message: 'refers back to itself without going into a property or an item (validation would never end)' };
      } else if (!done.has(target)) {
        onPath.add(target);
        stack.push({ node: target, next: 0 });
      }
    }
  }
  return undefined;
}

/** Expanded size and depth, each `$ref` counted as the subschema it points to (a recursive one once). */
function sizeIssues(root: SchemaNode): FieldIssue[] {
  const measured = new Map<SchemaNode, { size: number; height: number }>();
  const onPath = new Set<SchemaNode>();
  const cap = MAX_EXPANDED_SCHEMA_SIZE + 1;
  const visit = (node: SchemaNode, depth: number): { size: number; height: number } => {
    const known = measured.get(node);
    if (depth > MAX_SCHEMA_DEPTH || (known && depth + known.height - 1 > MAX_SCHEMA_DEPTH)) throw new TooDeep();
    if (known) return known;
    if (onPath.has(node)) return { size: 1, height: 0 };
    onPath.add(node);
    let size = ownSize(node);
    let height = 0;
    for (const child of allChildren(node)) {
      const below = visit(child, depth + 1);
      size = Math.min(cap, size + below.size);
      height = Math.max(height, below.height);
    }
    onPath.delete(node);
    const result = { size, height: height + 1 };
    measured.set(node, result);
    return result;
  };
  try {
    if (visit(root, 1).size > MAX_EXPANDED_SCHEMA_SIZE) {
      return [{ field: '', message: `is too large: more than ${MAX_EXPANDED_SCHEMA_SIZE} JSON values once every $ref is expanded` }];
    }
    return [];
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
    return [{ field: '', message: `nests subschemas more than ${MAX_SCHEMA_DEPTH} levels deep (each $ref counts as one level)` }];
  }
}

/** JSON values of the subschema itself; the subschemas it holds are counted as their own nodes. */
function ownSize(node: SchemaNode): number {
  if (typeof node.schema === 'boolean') return 1;
  let size = 1;
  for (const [keyword, value] of Object.entries(node.schema)) {
    if (SUBSCHEMA_ONE.has(keyword) && isSchema(value)) continue;
    const entries =
      SUBSCHEMA_LIST.has(keyword) && Array.isArray(value) ? value : SUBSCHEMA_MAP.has(keyword) && isObject(value) ? Object.values(value) : undefined;
    // A list or map counts as itself plus its entries that are not subschemas (the property lists of `dependencies`).
    size += entries ? 1 + entries.filter((entry) => !isSchema(entry)).reduce((n: number, entry) => n + keywordValueSize(entry), 0) : keywordValueSize(value);
  }
  return size;
}

function keywordValueSize(value: JsonValue): number {
  const { size, depth } = measureJson(value);
  if (depth > MAX_SCHEMA_DEPTH) throw new TooDeep();
  return size;
}

function allChildren(node: SchemaNode): SchemaNode[] {
  const children = [...node.sameValue, ...node.properties.values(), ...node.patternProperties, ...node.definitions];
  for (const one of [node.additionalProperties, node.propertyNames, node.items, node.additionalItems, node.contains]) if (one) children.push(one);
  if (node.tupleItems) children.push(...node.tupleItems);
  return children;
}

function pointerAt(node: SchemaNode, ...parts: string[]): string {
  return `${node.pointer}/${parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

function isSchema(value: JsonValue): boolean {
  return typeof value === 'boolean' || isObject(value);
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
