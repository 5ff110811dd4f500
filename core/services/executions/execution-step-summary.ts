import { JsonValue } from '../../shared/json';

type JsonObject = { [key: string]: JsonValue };

const NAME_FIELDS = ['name', 'label', 'node_id', 'tool', 'type', 'role'] as const;
/** Small fields of a step worth pushing live; inputs and outputs stay in the record (GET /execution-logs). */
const SUMMARY_FIELDS = [
  'type',
  'role',
  'status',
  'iteration',
  'stage',
  'node_id',
  'agent_id',
  'tool',
  'name',
  'duration_ms',
  'token_usage',
  'started_at',
  'finished_at',
];

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a step is called: its name, label, node or type, else its position. */
export function stepName(step: JsonValue, index: number): string {
  if (isJsonObject(step)) {
    for (const field of NAME_FIELDS) {
      const value = step[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return `step ${index + 1}`;
}

/** The step's small fields (kinds, status, timing, tokens), without its inputs and outputs. */
export function stepSummary(step: JsonValue): JsonObject {
  if (!isJsonObject(step)) return {};
  const summary: JsonObject = {};
  for (const field of SUMMARY_FIELDS) {
    const value = step[field];
    if (value !== undefined && (typeof value !== 'object' || field === 'token_usage')) summary[field] = value;
  }
  return summary;
}
