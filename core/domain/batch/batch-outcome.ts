/**
 * One id of a batch and what became of it: its value, or the error the single operation threw
 * (a DomainError the contract renders as its single endpoint would, or an unexpected error, which
 * it renders as an internal error).
 */
export type BatchItem<T> = { id: string; ok: true; value: T } | { id: string; ok: false; error: unknown };

/** Every item of a batch, in the order of its ids, with the counts of each kind. */
export interface BatchOutcome<T> {
  items: BatchItem<T>[];
  succeeded: number;
  failed: number;
}
