import { JsonValue } from '../../shared/json';
import { placeholderPaths } from './template';

/** What one placeholder path names: the run's input, the predecessor's output, a node's output, or nothing known. */
export type TemplateReference = { kind: 'input' | 'last' } | { kind: 'node'; nodeId: string } | { kind: 'unknown' };

export function referenceOf(path: string): TemplateReference {
  const [root, ...rest] = path.split('.');
  if (root === 'input' || root === 'last') return { kind: root };
  if (root === 'nodes' && rest.length >= 2 && rest[1] === 'output') return { kind: 'node', nodeId: rest[0] };
  if (rest[0] === 'output') return { kind: 'node', nodeId: root };
  return { kind: 'unknown' };
}

/** A placeholder found in a config, with the field that holds it (`nodes[2].config.arguments.q`). */
export interface PlacedReference {
  field: string;
  path: string;
  reference: TemplateReference;
}

/** Every placeholder in the string leaves of `value`, keys under `skip` aside (a nested body is checked on its own). */
export function referencesIn(value: JsonValue, field: string, skip: ReadonlyArray<string> = []): PlacedReference[] {
  if (typeof value === 'string') return placeholderPaths(value).map((path) => ({ field, path, reference: referenceOf(path) }));
  if (Array.isArray(value)) return value.flatMap((item, index) => referencesIn(item, `${field}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (skip.includes(key) ? [] : referencesIn(item, `${field}.${key}`)));
  }
  return [];
}
