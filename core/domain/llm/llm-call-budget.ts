import { LlmBudgetExceededError } from './llm.errors';

/**
 * Counts LLM attempts of one run, retries included (behaviour rule 3); a new run
 * starts a new budget, so the counter starts at zero (rule 4).
 */
export class LlmCallBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  get calls(): number {
    return this.used;
  }

  /** Counts one attempt; throws once the limit is spent. */
  consume(): void {
    if (this.used >= this.limit) {
      throw new LlmBudgetExceededError(this.limit);
    }
    this.used += 1;
  }
}
