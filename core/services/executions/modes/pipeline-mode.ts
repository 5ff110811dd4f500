import { inject, injectable } from 'inversify';
import { FieldIssue } from '../../../shared/domain-error';
import { EXECUTION_SETTINGS, ExecutionSettings } from '../execution-settings';
import { ResolvedTarget } from '../execution-targets';
import { RunOutcome } from '../run-outcome';
import { agentStages } from './agent-plan';
import { ModeRun, ModeStrategy } from './mode-strategy';
import { StageRunner } from './stage-runner.service';
import { targetAgent } from './target-agent';

/**
 * The layers of the agent's `workflow_config` as stages: the agents of one layer run in
 * parallel (at most `pipelineConcurrency` at once) on the same input, and their replies, merged,
 * are the next layer's input.
 */
@injectable()
export class PipelineMode implements ModeStrategy {
  readonly mode = 'pipeline' as const;

  constructor(
    @inject(StageRunner) private readonly stages: StageRunner,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
  ) {}

  issues(target: ResolvedTarget): FieldIssue[] {
    return agentStages(targetAgent(target)).issues;
  }

  run(run: ModeRun): Promise<RunOutcome> {
    return this.stages.run(run, agentStages(targetAgent(run.target)).stages, this.settings.pipelineConcurrency);
  }
}
