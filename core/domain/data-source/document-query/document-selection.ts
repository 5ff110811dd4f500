import { JsonObject } from '../../../shared/json';
import { DocumentQueryTooCostlyError } from '../data-source.errors';
import { DocumentQuery } from './document-query';
import { StepBudget } from './step-budget';

/** Regex steps (characters tested × the pattern's program size) one document query may spend: about a second of work at worst. */
export const MAX_QUERY_STEPS = 20_000_000;

/**
 * Feeds documents, in storage order, through a compiled query and keeps only what the
 * answer needs: without `sort` the first `skip + limit` matches (then it is `full()`),
 * with `sort` the best `skip + limit` so far. Memory stays bounded by that count.
 */
export class DocumentSelection implements StepBudget {
  private readonly kept: JsonObject[] = [];
  private readonly keep: number;
  private stepsLeft = MAX_QUERY_STEPS;

  constructor(
    private readonly query: DocumentQuery,
    private readonly maxRows: number,
  ) {
    // One more than the row cap, so the answer knows whether it was cut.
    const wanted = query.limit === undefined ? maxRows + 1 : Math.min(query.limit, maxRows + 1);
    this.keep = query.skip + wanted;
  }

  spend(steps: number): void {
    this.stepsLeft -= steps;
    if (this.stepsLeft < 0) {
      throw new DocumentQueryTooCostlyError('The query needs too much work; narrow the filter or simplify its $regex');
    }
  }

  offer(document: JsonObject): void {
    if (this.full() || !this.query.matches(document, this)) return;
    const compare = this.query.compare;
    if (!compare) {
      this.kept.push(document);
      return;
    }
    // Stable: a document goes after those it ties with, so ties keep storage order.
    let low = 0;
    let high = this.kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(this.kept[middle], document) <= 0) low = middle + 1;
      else high = middle;
    }
    if (low >= this.keep) return;
    this.kept.splice(low, 0, document);
    if (this.kept.length > this.keep) this.kept.pop();
  }

  /** No later document can change the answer (only without `sort`). */
  full(): boolean {
    return this.query.compare === undefined && this.kept.length >= this.keep;
  }

  result(): { documents: JsonObject[]; truncated: boolean } {
    const page = this.kept.slice(this.query.skip);
    const truncated = page.length > this.maxRows;
    return { documents: page.slice(0, this.maxRows).map(this.query.project), truncated };
  }
}
