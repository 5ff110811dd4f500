import { FieldIssue } from '../../shared/domain-error';

/** The most ids one batch request may name. */
export const MAX_BATCH_IDS = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type BatchIdsCheck = { ok: true; ids: string[] } | { ok: false; issues: FieldIssue[] };

/**
 * The ids of a batch in their canonical (lower-case) form, in the order given: 1 to
 * `MAX_BATCH_IDS` UUIDs, none twice. A repeated id is refused rather than run twice or reported
 * once, so every item answers exactly one id the caller sent.
 */
export function checkBatchIds(ids: ReadonlyArray<string>, field: string): BatchIdsCheck {
  if (ids.length === 0 || ids.length > MAX_BATCH_IDS) {
    return { ok: false, issues: [{ field, message: `must hold 1 to ${MAX_BATCH_IDS} ids` }] };
  }
  const issues: FieldIssue[] = [];
  const firstIndex = new Map<string, number>();
  ids.forEach((id, index) => {
    if (!UUID.test(id)) {
      issues.push({ field: `${field}[${index}]`, message: 'must be a UUID' });
      return;
    }
    const canonical = id.toLowerCase();
    const first = firstIndex.get(canonical);
    if (first === undefined) firstIndex.set(canonical, index);
    else issues.push({ field: `${field}[${index}]`, message: `repeats ${field}[${first}]` });
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, ids: ids.map((id) => id.toLowerCase()) };
}
