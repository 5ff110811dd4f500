import { Actor } from '../../../domain/auth/actor';
import { ExecutionMode } from '../../../domain/execution/execution-mode';
import { Execution, ExecutionOptions } from '../../../domain/execution/execution.entity';
import { LlmCallBudget } from '../../../domain/llm/llm-call-budget';
import { FieldIssue } from '../../../shared/domain-error';
import { ResolvedTarget } from '../execution-targets';
import { RunControl } from '../run-control';
import { RunOutcome, RunProgress } from '../run-outcome';

/** One run of an execution in its mode, as the runner hands it over. */
export interface ModeRun {
  actor: Actor;
  /** The record: its input and options, and what earlier attempts produced (steps, output, tokens) to continue from. */
  execution: Execution;
  target: ResolvedTarget;
  /** The execution's one budget: every LLM call of every step spends from it (behaviour rule 3). */
  budget: LlmCallBudget;
  control: RunControl;
  /** Stores the progress at a step boundary; false when the run must stop there (paused, cancelled, taken over). */
  checkpoint(progress: RunProgress): Promise<boolean>;
  /**
   * Stores the progress and parks the execution (`paused`, lease released) to wait for a person;
   * the run then stops without settling. False when it could not (cancelled, taken over). Absent
   * where nothing can wait (an orchestration): a workflow's approval node then fails.
   */
  park?(progress: RunProgress): Promise<boolean>;
}

/** One way of running an execution (docs/executions.md, "Modes"). */
export interface ModeStrategy {
  readonly mode: ExecutionMode;
  /** Why the target cannot run in this mode with these options; checked before anything is stored. */
  issues(target: ResolvedTarget, options: ExecutionOptions): FieldIssue[];
  /** Never throws for a failing step: the outcome says so. */
  run(run: ModeRun): Promise<RunOutcome>;
}
