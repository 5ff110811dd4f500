import { ContainerModule } from 'inversify';
import { GoalManager } from '../core/services/goals/goal-manager.service';
import { TaskManager } from '../core/services/tasks/task-manager.service';

/**
 * The goal and task use cases. Needs the storage module (GOAL_REPOSITORY, TASK_REPOSITORY,
 * UNIT_OF_WORK), CLOCK and ID_GENERATOR.
 */
export function taskServicesModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(TaskManager).toSelf().inSingletonScope();
    bind(GoalManager).toSelf().inSingletonScope();
  });
}
