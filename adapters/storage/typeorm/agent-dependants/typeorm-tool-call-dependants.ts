import { AgentDependants } from '../../../../core/ports/agent-dependants.port';
import { TypeOrmToolCallLog } from '../repositories/typeorm-tool-call-log';

/** The agent's tool call log goes with it (behaviour rule 1). */
export class TypeOrmToolCallDependants implements AgentDependants {
  constructor(private readonly calls: TypeOrmToolCallLog) {}

  async removeForAgent(agentId: string): Promise<void> {
    await this.calls.deleteByAgent(agentId);
  }
}
