export type CalculatorErrorCode = 'syntax_error' | 'unknown_identifier' | 'unknown_function' | 'unsupported_syntax' | 'invalid_argument' | 'math_error';

/** An expected failure of one expression; the tool throws it on as a `ToolError` with `code` as the reason. */
export class CalculatorError extends Error {
  constructor(
    readonly code: CalculatorErrorCode,
    message: string,
    readonly position?: number,
  ) {
    super(message);
  }
}
