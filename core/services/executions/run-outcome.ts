import { ExecutionFailure } from '../../domain/execution/execution.entity';
import { RecordedNode } from '../../domain/execution/recorded-node';
import { TokenUsage, ZERO_USAGE } from '../../domain/llm/chat-message';
import { JsonValue } from '../../shared/json';

/** What a run has produced so far; stored at every step boundary, so a resumed or reclaimed run continues from it. */
export interface RunProgress {
  output: JsonValue;
  /** Every step so far, those of earlier attempts included. */
  steps: JsonValue[];
  /** Tokens of every step so far. */
  tokenUsage: TokenUsage;
  /** What the mode needs to continue exactly where it stopped (a workflow's GraphRunState); kept as stored when absent. */
  state?: JsonValue;
  /**
   * A workflow's nodes settled since the progress last stored: when given, they are stored one
   * row each and `steps` (the same steps, all of them) is not rewritten whole.
   */
  nodes?: RecordedNode[];
}

/** How a mode's run ended. A run told to stop (see RunControl) ends unsuccessfully with what it has. */
export interface RunOutcome extends RunProgress {
  success: boolean;
  error: ExecutionFailure | null;
}

export function failedOutcome(error: ExecutionFailure, progress: Partial<RunProgress> = {}): RunOutcome {
  return { success: false, output: null, steps: [], tokenUsage: ZERO_USAGE, ...progress, error: { code: error.code, message: error.message } };
}
