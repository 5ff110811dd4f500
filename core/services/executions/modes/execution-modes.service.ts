import { inject, injectable } from 'inversify';
import { ExecutionMode, MODES_BY_TARGET } from '../../../domain/execution/execution-mode';
import { ExecutionOptions } from '../../../domain/execution/execution.entity';
import { ValidationError } from '../../../shared/common.errors';
import { ResolvedTarget } from '../execution-targets';
import { RunOutcome } from '../run-outcome';
import { AgentMode } from './agent-mode';
import { DebateMode } from './debate-mode';
import { GraphMode } from './graph-mode';
import { ModeRun, ModeStrategy } from './mode-strategy';
import { PipelineMode } from './pipeline-mode';
import { SequentialMode } from './sequential-mode';

/** The one dispatcher of the execution modes: checks a request against its mode and runs it. */
@injectable()
export class ExecutionModes {
  private readonly strategies: Readonly<Record<ExecutionMode, ModeStrategy>>;

  constructor(
    @inject(AgentMode) agent: AgentMode,
    @inject(SequentialMode) sequential: SequentialMode,
    @inject(PipelineMode) pipeline: PipelineMode,
    @inject(DebateMode) debate: DebateMode,
    @inject(GraphMode) graph: GraphMode,
  ) {
    this.strategies = { agent, sequential, pipeline, debate, graph };
  }

  /** Throws a `ValidationError` (422) when the target cannot run in `mode` with `options`. */
  check(target: ResolvedTarget, mode: ExecutionMode, options: ExecutionOptions): void {
    const allowed = MODES_BY_TARGET[target.type];
    if (!allowed.includes(mode)) {
      throw new ValidationError('The execution request is not valid', [
        { field: 'mode', message: `must be one of ${allowed.join(', ')} for a ${target.type}` },
      ]);
    }
    const issues = this.strategies[mode].issues(target, options);
    if (issues.length > 0) throw new ValidationError(`The ${target.type} cannot run in ${mode} mode`, issues);
  }

  run(run: ModeRun): Promise<RunOutcome> {
    return this.strategies[run.execution.mode].run(run);
  }
}
