import { FieldIssue } from '../../core/shared/domain-error';
import { JsonValue } from '../../core/shared/json';
import { err, ok, Result } from '../../core/shared/result';
import { jsonSize } from './json-size';
import { patternCharCost } from './re2-reg-exp-engine';
import { SchemaNode } from './untrusted-schema-graph';
import { FORMAT_CHAR_COST, MAX_EXPANDED_SCHEMA_SIZE, MAX_SUBSCHEMAS_PER_VALUE } from './untrusted-schema-limits';

/**
 * What checking one value costs at one place of the data, and where its properties and items
 * lead. Places are abstract: every property name the schema does not mention shares
 * `otherProperties`, every index past the tuple shares `otherItems`. A missing child means no
 * subschema applies there, so validation never looks inside.
 */
export interface ValuePosition {
  /** Subschemas applied to a value here, each counted with its `enum`, `const`, `required` and `properties` entries. */
  readonly checks: number;
  /** Cost per character of a string value here: the `pattern`s' program sizes and `format` checks that read it. */
  readonly stringCharCost: number;
  /** Cost per character of each property name of an object here: the program sizes of `patternProperties`. */
  readonly keyCharCost: number;
  /** Some subschema here compares every pair of items. */
  readonly uniqueItems: boolean;
  /** Where each property name (a string) is checked. */
  readonly propertyNames?: ValuePosition;
  readonly properties: ReadonlyMap<string, ValuePosition>;
  readonly otherProperties?: ValuePosition;
  readonly items: ReadonlyArray<ValuePosition | undefined>;
  readonly otherItems?: ValuePosition;
}

type Applied = Map<SchemaNode, number>;
type MutablePosition = { -readonly [K in keyof ValuePosition]: ValuePosition[K] } & {
  properties: Map<string, ValuePosition>;
  items: Array<ValuePosition | undefined>;
};

class Refusal extends Error {}

/**
 * Follows the schema the way validation walks a value: at each place of the data, the multiset
 * of subschemas that may apply there (a subschema reached by two paths counts twice). A place
 * where more than {@link MAX_SUBSCHEMAS_PER_VALUE} may apply is refused: that is how an `anyOf`
 * chain or a recursive `$ref` that applies itself twice per level (exponential work) shows up.
 * Requires a graph without a `$ref` cycle that stays on one value.
 */
export function buildCostModel(root: SchemaNode): Result<ValuePosition, FieldIssue[]> {
  try {
    return ok(new CostModelBuilder().build(root));
  } catch (error) {
    if (error instanceof Refusal) return err([{ field: '', message: error.message }]);
    throw error;
  }
}

class CostModelBuilder {
  private readonly positions = new Map<string, MutablePosition>();
  private readonly pending: Array<{ position: MutablePosition; applied: Applied; path: string }> = [];
  private readonly nodeCosts = new Map<SchemaNode, number>();

  build(root: SchemaNode): ValuePosition {
    const start = this.positionFor(new Map([[root, 1]]), '') as MutablePosition;
    for (let next = this.pending.pop(); next; next = this.pending.pop()) this.expand(next.position, next.applied, next.path);
    return start;
  }

  private positionFor(seed: Applied, path: string): MutablePosition | undefined {
    if (seed.size === 0) return undefined;
    const applied = closure(seed, path);
    const key = [...applied]
      .map(([node, count]) => `${node.id}x${count}`)
      .sort()
      .join(',');
    const known = this.positions.get(key);
    if (known) return known;
    // Recursive schemas meet the same multiset again; one that keeps producing new ones is not bounded.
    if (this.positions.size >= MAX_EXPANDED_SCHEMA_SIZE) {
      throw new Refusal(`is too intricate to bound: validation would reach more than ${MAX_EXPANDED_SCHEMA_SIZE} distinct places`);
    }
    const position: MutablePosition = { checks: 0, stringCharCost: 0, keyCharCost: 0, uniqueItems: false, properties: new Map(), items: [] };
    for (const [node, count] of applied) {
      position.checks += count * this.costOf(node);
      if (typeof node.schema === 'boolean') continue;
      const { pattern, format, patternProperties, uniqueItems } = node.schema;
      position.stringCharCost += count * ((typeof pattern === 'string' ? patternCharCost(pattern) : 0) + (typeof format === 'string' ? FORMAT_CHAR_COST : 0));
      if (isObject(patternProperties)) position.keyCharCost += count * Object.keys(patternProperties).reduce((sum, source) => sum + patternCharCost(source), 0);
      position.uniqueItems ||= uniqueItems === true;
    }
    this.positions.set(key, position);
    this.pending.push({ position, applied, path });
    return position;
  }

  private expand(position: MutablePosition, applied: Applied, path: string): void {
    const nodes = [...applied];
    const names = new Set(nodes.flatMap(([node]) => [...node.properties.keys()]));
    const byPattern = (seed: Applied) => nodes.forEach(([node, count]) => node.patternProperties.forEach((p) => add(seed, p, count)));
    for (const name of names) {
      const seed: Applied = new Map();
      for (const [node, count] of nodes) {
        const own = node.properties.get(name);
        if (own) add(seed, own, count);
        else if (node.additionalProperties) add(seed, node.additionalProperties, count);
      }
      byPattern(seed);
      const child = this.positionFor(seed, `${path}/${name}`);
      if (child) position.properties.set(name, child);
    }
    const other: Applied = new Map();
    nodes.forEach(([node, count]) => node.additionalProperties && add(other, node.additionalProperties, count));
    byPattern(other);
    position.otherProperties = this.positionFor(other, `${path}/*`);
    const keys: Applied = new Map();
    nodes.forEach(([node, count]) => node.propertyNames && add(keys, node.propertyNames, count));
    position.propertyNames = this.positionFor(keys, `${path} (property names)`);

    const tupleLength = Math.max(0, ...nodes.map(([node]) => node.tupleItems?.length ?? 0));
    const everyItem = (seed: Applied, index: number) => {
      for (const [node, count] of nodes) {
        if (node.tupleItems && index < node.tupleItems.length) add(seed, node.tupleItems[index], count);
        else if (node.tupleItems && node.additionalItems) add(seed, node.additionalItems, count);
        if (node.items) add(seed, node.items, count);
        if (node.contains) add(seed, node.contains, count);
      }
      return seed;
    };
    for (let index = 0; index < tupleLength; index += 1) position.items.push(this.positionFor(everyItem(new Map(), index), `${path}/${index}`));
    position.otherItems = this.positionFor(everyItem(new Map(), tupleLength), `${path}/[*]`);
  }

  /** One application of a subschema, with the entries it compares a value against. */
  private costOf(node: SchemaNode): number {
    let cost = this.nodeCosts.get(node);
    if (cost !== undefined) return cost;
    const schema = node.schema;
    cost = 1;
    if (typeof schema !== 'boolean') {
      if (schema.enum !== undefined) cost += jsonSize(schema.enum);
      if (schema.const !== undefined) cost += jsonSize(schema.const);
      if (Array.isArray(schema.required)) cost += schema.required.length;
      if (schema.dependencies !== undefined) cost += jsonSize(schema.dependencies);
      cost += node.properties.size;
    }
    this.nodeCosts.set(node, cost);
    return cost;
  }
}

/** The subschemas applied to one value, with how many times: those of `seed` and all they apply to the same value. */
function closure(seed: Applied, path: string): Applied {
  const applied: Applied = new Map();
  let total = 0;
  const stack = [...seed];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, count] = next;
    add(applied, node, count);
    total += count;
    if (total > MAX_SUBSCHEMAS_PER_VALUE) {
      throw new Refusal(`lets one value (at ${path || 'the root'}) be checked against more than ${MAX_SUBSCHEMAS_PER_VALUE} subschemas`);
    }
    for (const target of node.sameValue) stack.push([target, count]);
  }
  return applied;
}

function add(applied: Applied, node: SchemaNode, count: number): void {
  applied.set(node, (applied.get(node) ?? 0) + count);
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
