/**
 * Base of every expected failure in the core. `code` is stable and has the form
 * `<aggregate>.<reason>` (snake_case); contracts map the reason to a status, never the class.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;

  constructor(
    message: string,
    readonly details?: ReadonlyArray<FieldIssue>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The part after the last dot: `not_found`, `conflict`, `validation`, … */
  get reason(): string {
    return this.code.slice(this.code.lastIndexOf('.') + 1);
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}
