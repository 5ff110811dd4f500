import { DataSourceTimeoutError } from '../../domain/data-source/data-source.errors';
import { DocumentQuery } from '../../domain/data-source/document-query/document-query';
import { DocumentSelection } from '../../domain/data-source/document-query/document-selection';
import { Clock } from '../../ports/clock.port';
import { DocumentCollectionRepository } from '../../ports/document-collection-repository.port';
import { QueryResult } from '../../ports/sql-query-executor.port';
import { JsonValue } from '../../shared/json';
import { DATA_SOURCE_LIMITS } from './data-source-limits';

export interface DocumentRunOptions {
  maxRows: number;
  /** JSON characters of the answer at most; documents past it are left out and the answer is `truncated`. */
  maxChars: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Runs a compiled document query over a collection, batch by batch in storage order, and
 * answers in the tabular shape of every data source: one `document` column, one row per
 * document (with its `_id`). Stops at the deadline, on abort, or once the answer is settled.
 */
export async function runDocumentQuery(
  repository: DocumentCollectionRepository,
  clock: Clock,
  dataSourceId: string,
  query: DocumentQuery,
  options: DocumentRunOptions,
): Promise<QueryResult> {
  const deadline = clock.now().getTime() + options.timeoutMs;
  const selection = new DocumentSelection(query, options.maxRows);
  let cursor: string | null = null;
  do {
    if (options.signal?.aborted || clock.now().getTime() > deadline) throw new DataSourceTimeoutError(options.timeoutMs);
    const batch = await repository.scan(dataSourceId, query.collection, cursor, DATA_SOURCE_LIMITS.scanBatch);
    for (const document of batch.documents) {
      selection.offer({ _id: document.id, ...document.body });
      if (selection.full()) break;
    }
    cursor = batch.next;
  } while (cursor !== null && !selection.full());
  const { documents, truncated } = selection.result();
  const rows: JsonValue[][] = [];
  let chars = 2;
  for (const document of documents) {
    const size = JSON.stringify(document).length + 3;
    if (chars + size > options.maxChars) return { columns: ['document'], rows, truncated: true };
    rows.push([document]);
    chars += size;
  }
  return { columns: ['document'], rows, truncated };
}
