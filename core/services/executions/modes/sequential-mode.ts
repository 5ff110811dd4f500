import { inject, injectable } from 'inversify';
import { FieldIssue } from '../../../shared/domain-error';
import { ResolvedTarget } from '../execution-targets';
import { RunOutcome } from '../run-outcome';
import { agentSequence } from './agent-plan';
import { ModeRun, ModeStrategy } from './mode-strategy';
import { StageRunner } from './stage-runner.service';
import { targetAgent } from './target-agent';

/** The agents of the agent's `workflow_config` one after another in topological order, each reply feeding the next. */
@injectable()
export class SequentialMode implements ModeStrategy {
  readonly mode = 'sequential' as const;

  constructor(@inject(StageRunner) private readonly stages: StageRunner) {}

  issues(target: ResolvedTarget): FieldIssue[] {
    return agentSequence(targetAgent(target)).issues;
  }

  run(run: ModeRun): Promise<RunOutcome> {
    const { agents } = agentSequence(targetAgent(run.target));
    return this.stages.run(
      run,
      agents.map((agent) => [agent]),
      1,
    );
  }
}
