import { ContainerModule } from 'inversify';
import { GoalAdvanceHandler } from '../core/services/goals/goal-advance.handler';
import { JOB_HANDLER } from '../core/services/jobs/job-handler';

/** The `goal.advance` job handler (goal runs, `execute-async`). Needs the storage, queue and agent modules. */
export function goalServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(JOB_HANDLER).to(GoalAdvanceHandler).inSingletonScope();
  });
}
