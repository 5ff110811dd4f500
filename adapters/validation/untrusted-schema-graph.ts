import { FieldIssue } from '../../core/shared/domain-error';
import { JsonValue } from '../../core/shared/json';
import { MAX_SCHEMA_DEPTH } from './untrusted-schema-limits';

type SchemaObject = { [key: string]: JsonValue };

/**
 * One subschema of a draft-07 schema, with the subschemas its keywords apply, sorted by what
 * they apply to: the same value, or a property or item of it. `$ref` is resolved to its target.
 */
export interface SchemaNode {
  readonly id: number;
  /** JSON pointer of the subschema in its document (`/properties/city`). */
  readonly pointer: string;
  readonly schema: SchemaObject | boolean;
  /** `allOf`, `anyOf`, `oneOf`, `not`, `if`, `then`, `else`, schema `dependencies` and the `$ref` target. */
  readonly sameValue: SchemaNode[];
  readonly ref?: SchemaNode;
  readonly properties: ReadonlyMap<string, SchemaNode>;
  readonly patternProperties: SchemaNode[];
  readonly additionalProperties?: SchemaNode;
  /** Applied to each property name (a string), not to the property's value. */
  readonly propertyNames?: SchemaNode;
  /** `items` as an array (a tuple); `items` as one schema is {@link items}. */
  readonly tupleItems?: SchemaNode[];
  readonly items?: SchemaNode;
  readonly additionalItems?: SchemaNode;
  readonly contains?: SchemaNode;
  /** `definitions` and `$defs`: compiled only when a `$ref` reaches them. */
  readonly definitions: SchemaNode[];
}

export interface SchemaGraph {
  root: SchemaNode;
  nodes: ReadonlyArray<SchemaNode>;
  /** Fields are JSON pointers inside the schema. */
  issues: FieldIssue[];
}

type MutableNode = { -readonly [K in keyof SchemaNode]: SchemaNode[K] } & { sameValue: SchemaNode[]; properties: Map<string, SchemaNode> };

const SAME_VALUE_ONE = ['not', 'if', 'then', 'else'] as const;
const SAME_VALUE_MANY = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * Builds the graph of a schema. Only references inside the document (`#` or `#/…`) resolve, and
 * only the root may carry `$id`: a nested `$id` would change what the references under it mean.
 * Subschemas nested deeper than {@link MAX_SCHEMA_DEPTH} are left as leaves, for the depth check to refuse.
 */
export function buildSchemaGraph(document: JsonValue): SchemaGraph {
  return new SchemaGraphBuilder(document).build();
}

class SchemaGraphBuilder {
  private readonly nodes: MutableNode[] = [];
  private readonly issues: FieldIssue[] = [];
  private readonly byObject = new Map<object, MutableNode>();
  private readonly refs: Array<{ node: MutableNode; ref: string }> = [];

  constructor(private readonly document: JsonValue) {}

  build(): SchemaGraph {
    const root = this.nodeFor(this.document, '', 1);
    for (let next = this.refs.pop(); next; next = this.refs.pop()) {
      const target = this.resolve(next.node.pointer, next.ref);
      if (target) {
        next.node.ref = target;
        next.node.sameValue.push(target);
      }
    }
    return { root, nodes: this.nodes, issues: this.issues };
  }

  private nodeFor(value: JsonValue, pointer: string, depth: number): MutableNode {
    const known = isObject(value) ? this.byObject.get(value) : undefined;
    if (known) return known;
    const node: MutableNode = {
      id: this.nodes.length,
      pointer,
      schema: isObject(value) ? value : value === true,
      sameValue: [],
      properties: new Map(),
      patternProperties: [],
      definitions: [],
    };
    this.nodes.push(node);
    if (!isObject(value)) return node;
    this.byObject.set(value, node);
    if (depth > MAX_SCHEMA_DEPTH) return node;
    this.link(node, value, depth + 1);
    return node;
  }

  private link(node: MutableNode, schema: SchemaObject, depth: number): void {
    const at = (...parts: Array<string | number>) => `${node.pointer}/${parts.map(escapePointer).join('/')}`;
    const child = (value: JsonValue, ...parts: Array<string | number>) => this.nodeFor(value, at(...parts), depth);
    for (const keyword of SAME_VALUE_ONE) if (isSchema(schema[keyword])) node.sameValue.push(child(schema[keyword], keyword));
    for (const keyword of SAME_VALUE_MANY) {
      const list = schema[keyword];
      if (Array.isArray(list)) list.forEach((item, i) => isSchema(item) && node.sameValue.push(child(item, keyword, i)));
    }
    for (const [name, value] of entriesOf(schema.dependencies)) if (isSchema(value)) node.sameValue.push(child(value, 'dependencies', name));
    for (const [name, value] of entriesOf(schema.properties)) if (isSchema(value)) node.properties.set(name, child(value, 'properties', name));
    for (const [source, value] of entriesOf(schema.patternProperties))
      if (isSchema(value)) node.patternProperties.push(child(value, 'patternProperties', source));
    for (const keyword of ['definitions', '$defs']) {
      for (const [name, value] of entriesOf(schema[keyword])) if (isSchema(value)) node.definitions.push(child(value, keyword, name));
    }
    if (isSchema(schema.additionalProperties)) node.additionalProperties = child(schema.additionalProperties, 'additionalProperties');
    if (isSchema(schema.propertyNames)) node.propertyNames = child(schema.propertyNames, 'propertyNames');
    if (Array.isArray(schema.items)) node.tupleItems = schema.items.flatMap((item, i) => (isSchema(item) ? [child(item, 'items', i)] : []));
    else if (isSchema(schema.items)) node.items = child(schema.items, 'items');
    if (isSchema(schema.additionalItems)) node.additionalItems = child(schema.additionalItems, 'additionalItems');
    if (isSchema(schema.contains)) node.contains = child(schema.contains, 'contains');
    if (typeof schema.$ref === 'string') this.refs.push({ node, ref: schema.$ref });
    if (schema.$id !== undefined && node.pointer !== '') {
      this.issues.push({ field: at('$id'), message: 'is allowed only at the root (it would change what references under it point to)' });
    }
  }

  private resolve(from: string, ref: string): SchemaNode | undefined {
    const field = `${from}/$ref`;
    if (ref !== '#' && !ref.startsWith('#/')) {
      this.issues.push({ field, message: 'must point inside this schema ("#" or "#/definitions/…")' });
      return undefined;
    }
    let target: JsonValue | undefined = this.document;
    const parts: string[] = [];
    for (const raw of ref === '#' ? [] : ref.slice(2).split('/')) {
      const part = decodeSegment(raw);
      parts.push(part);
      target = stepInto(target, part);
      if (target === undefined) break;
    }
    if (target === undefined || !isSchema(target)) {
      this.issues.push({ field, message: `points to nothing usable in this schema: "${ref}"` });
      return undefined;
    }
    return this.nodeFor(
      target,
      parts
        .map(escapePointer)
        .map((p) => `/${p}`)
        .join(''),
      1,
    );
  }
}

function stepInto(value: JsonValue | undefined, part: string): JsonValue | undefined {
  if (Array.isArray(value)) return /^(0|[1-9]\d*)$/.test(part) ? value[Number(part)] : undefined;
  if (isObject(value) && Object.prototype.hasOwnProperty.call(value, part)) return value[part];
  return undefined;
}

/** A `$ref` fragment is a JSON pointer, percent-encoded as a URI fragment. */
function decodeSegment(raw: string): string {
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Left as written: the lookup then fails and the reference is reported.
  }
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

function escapePointer(part: string | number): string {
  return String(part).replace(/~/g, '~0').replace(/\//g, '~1');
}

function entriesOf(value: JsonValue | undefined): Array<[string, JsonValue]> {
  return isObject(value) ? Object.entries(value) : [];
}

function isSchema(value: JsonValue | undefined): value is SchemaObject | boolean {
  return typeof value === 'boolean' || isObject(value);
}

function isObject(value: JsonValue | undefined): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
