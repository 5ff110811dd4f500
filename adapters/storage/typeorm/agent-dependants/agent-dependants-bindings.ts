import { Bind } from 'inversify';
import { AGENT_DEPENDANTS, AgentDependants } from '../../../../core/ports/agent-dependants.port';
import { ManagerProvider } from '../manager-provider';
import { TypeOrmAgentVersionDependants } from './typeorm-agent-version-dependants';
import { TypeOrmChatSessionDependants } from './typeorm-chat-session-dependants';
import { TypeOrmExecutionDependants } from './typeorm-execution-dependants';
import { TypeOrmGoalDependants } from './typeorm-goal-dependants';
import { TypeOrmLlmCallLog } from '../repositories/typeorm-llm-call-log';
import { TypeOrmLlmCallDependants } from './typeorm-llm-call-dependants';
import { TypeOrmScheduleDependants } from './typeorm-schedule-dependants';
import { TypeOrmTaskDependants } from './typeorm-task-dependants';
import { TypeOrmToolCallLog } from '../repositories/typeorm-tool-call-log';
import { TypeOrmToolCallDependants } from './typeorm-tool-call-dependants';

/**
 * What deleting an agent cleans up first (behaviour rule 1), one binding of AGENT_DEPENDANTS each.
 * A module whose records point at agents adds its implementation here (see docs/ARCHITECTURE.md).
 */
export function bindAgentDependants(bind: Bind, managers: ManagerProvider): void {
  const dependants: AgentDependants[] = [
    new TypeOrmScheduleDependants(managers),
    new TypeOrmExecutionDependants(managers),
    new TypeOrmGoalDependants(managers),
    new TypeOrmTaskDependants(managers),
    new TypeOrmAgentVersionDependants(managers),
    new TypeOrmLlmCallDependants(new TypeOrmLlmCallLog(managers)),
    new TypeOrmToolCallDependants(new TypeOrmToolCallLog(managers)),
    new TypeOrmChatSessionDependants(managers),
  ];
  for (const dependant of dependants) bind<AgentDependants>(AGENT_DEPENDANTS).toConstantValue(dependant);
}
