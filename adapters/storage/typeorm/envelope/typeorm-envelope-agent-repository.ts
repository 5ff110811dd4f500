import { EnvelopeAgent, EnvelopeModelConfig, NewEnvelopeAgent } from '../../../../core/domain/envelope/envelope-agent.entity';
import { EnvelopeAgentRepository } from '../../../../core/ports/envelope-agent-repository.port';
import { offsetOf, Page, PageRequest } from '../../../../core/shared/pagination';
import { EnvelopeAgentOrmEntity } from '../entities/envelope-agent.orm-entity';
import { ManagerProvider } from '../manager-provider';

export class TypeOrmEnvelopeAgentRepository implements EnvelopeAgentRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(agent: NewEnvelopeAgent): Promise<EnvelopeAgent> {
    const result = await this.managers.use((manager) => manager.insert(EnvelopeAgentOrmEntity, toRow(agent)));
    return { ...agent, id: Number(result.identifiers[0].id) };
  }

  async findById(id: number): Promise<EnvelopeAgent | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(EnvelopeAgentOrmEntity, { id }));
    return row ? toAgent(row) : null;
  }

  async listByOwner(ownerId: number, page: PageRequest): Promise<Page<EnvelopeAgent>> {
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(EnvelopeAgentOrmEntity, { where: { ownerId }, order: { id: 'ASC' }, skip: offsetOf(page), take: page.pageSize }),
    );
    return { items: rows.map(toAgent), total, page: page.page, pageSize: page.pageSize };
  }

  async update(agent: EnvelopeAgent): Promise<void> {
    const { ownerId: _owner, createdAt: _created, ...row } = toRow(agent);
    await this.managers.use((manager) => manager.update(EnvelopeAgentOrmEntity, { id: agent.id }, row));
  }

  async delete(id: number): Promise<void> {
    await this.managers.use((manager) => manager.delete(EnvelopeAgentOrmEntity, { id }));
  }
}

function toRow(agent: NewEnvelopeAgent): Omit<EnvelopeAgentOrmEntity, 'id' | 'owner'> {
  return { ...agent, modelConfig: JSON.stringify(agent.modelConfig) };
}

function toAgent(row: EnvelopeAgentOrmEntity): EnvelopeAgent {
  const { owner: _owner, ...fields } = row;
  return { ...fields, modelConfig: JSON.parse(row.modelConfig) as EnvelopeModelConfig };
}
