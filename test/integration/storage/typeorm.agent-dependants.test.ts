import { StorageKind } from '../../../adapters/config/app-config';
import { createContainer } from '../../../adapters/composition/create-container';
import { AGENT_DEPENDANTS, AgentDependants } from '../../../core/ports/agent-dependants.port';
import { AGENT_REPOSITORY } from '../../../core/ports/agent-repository.port';
import { EXECUTION_REPOSITORY } from '../../../core/ports/execution-repository.port';
import { GOAL_REPOSITORY } from '../../../core/ports/goal-repository.port';
import { SCHEDULE_REPOSITORY } from '../../../core/ports/schedule-repository.port';
import { TASK_REPOSITORY } from '../../../core/ports/task-repository.port';
import { TOOL_CALL_LOG } from '../../../core/ports/tool-call-log.port';
import { UNIT_OF_WORK } from '../../../core/ports/unit-of-work.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeAgentDependantsContract } from '../ports/agent-dependants.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  const container = createContainer();
  container.loadSync(storage.module);
  return {
    dependants: container.getAll<AgentDependants>(AGENT_DEPENDANTS),
    agents: storage.get(AGENT_REPOSITORY),
    schedules: storage.get(SCHEDULE_REPOSITORY),
    executions: storage.get(EXECUTION_REPOSITORY),
    goals: storage.get(GOAL_REPOSITORY),
    tasks: storage.get(TASK_REPOSITORY),
    toolCalls: storage.get(TOOL_CALL_LOG),
    unitOfWork: storage.get(UNIT_OF_WORK),
    destroy: () => storage.destroy(),
  };
};

describeAgentDependantsContract('TypeORM agent dependants on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeORM agent dependants on MariaDB', () => describeAgentDependantsContract('agent dependants contract', harness('mysql')));
