import { AgentDependants } from '../../../../core/ports/agent-dependants.port';
import { TypeOrmLlmCallLog } from '../repositories/typeorm-llm-call-log';

/** The agent's LLM call log goes with it (behaviour rule 1). */
export class TypeOrmLlmCallDependants implements AgentDependants {
  constructor(private readonly calls: TypeOrmLlmCallLog) {}

  async removeForAgent(agentId: string): Promise<void> {
    await this.calls.deleteByAgent(agentId);
  }
}
