/** Counts matcher steps across many tests so one query's regex work stays bounded. */
export interface StepBudget {
  /** Called with the steps just spent; throws when the budget is gone. */
  spend(steps: number): void;
}
