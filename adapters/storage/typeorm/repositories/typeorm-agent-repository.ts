import { Agent } from '../../../../core/domain/agent/agent.entity';
import { AgentNotFoundError } from '../../../../core/domain/agent/agent.errors';
import { AgentRepository } from '../../../../core/ports/agent-repository.port';
import { AgentOrmEntity } from '../entities/agent.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toAgent, toAgentRow } from '../mappers/agent.mapper';

export class TypeOrmAgentRepository implements AgentRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async findById(id: string): Promise<Agent | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(AgentOrmEntity, { id }));
    return row ? toAgent(row) : undefined;
  }

  async create(agent: Agent): Promise<void> {
    await this.managers.use((manager) => manager.insert(AgentOrmEntity, toAgentRow(agent)));
  }

  async update(agent: Agent): Promise<void> {
    // The owner and the creation time never change after create.
    const { id, ownerId: _ownerId, createdAt: _createdAt, ...changes } = toAgentRow(agent);
    const result = await this.managers.use((manager) => manager.update(AgentOrmEntity, { id }, changes));
    // mysql2 reports matched rows (its FOUND_ROWS flag), so an update that changes nothing still counts.
    if ((result.affected ?? 0) === 0) throw new AgentNotFoundError(id);
  }
}
