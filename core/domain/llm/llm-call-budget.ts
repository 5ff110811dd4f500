import { LlmBudgetExceededError } from './llm.errors';

/**
 * Counts LLM attempts of one run, retries included (behaviour rule 3); a new run
 * starts a new budget, so the counter starts at zero (rule 4). A budget made `within` another
 * counts each attempt against both: a run's own limit inside its caller's.
 */
export class LlmCallBudget {
  private used = 0;

  constructor(
    readonly limit: number,
    private readonly parent?: LlmCallBudget,
  ) {}

  get calls(): number {
    return this.used;
  }

  /** Counts one attempt; throws once this limit, or an enclosing one, is spent. */
  consume(): void {
    if (this.used >= this.limit) {
      throw new LlmBudgetExceededError(this.limit);
    }
    this.parent?.consume();
    this.used += 1;
  }

  /** A budget of at most `limit` calls that also spends this one; its counter starts at zero. */
  within(limit: number): LlmCallBudget {
    return new LlmCallBudget(limit, this);
  }
}
