import { Workflow } from '../../../../core/domain/workflow/workflow.entity';
import { WorkflowNotFoundError } from '../../../../core/domain/workflow/workflow.errors';
import { WorkflowQuery, WorkflowRepository } from '../../../../core/ports/workflow-repository.port';
import { WorkflowOrmEntity } from '../entities/workflow.orm-entity';
import { containsPattern } from '../like-pattern';
import { ManagerProvider } from '../manager-provider';
import { toWorkflow, toWorkflowRow } from '../mappers/workflow.mapper';

/** Rows of one name (as the database compares names) looked at for the exact one. */
const LATEST_BY_NAME_CANDIDATES = 20;

export class TypeOrmWorkflowRepository implements WorkflowRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async findById(id: string): Promise<Workflow | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(WorkflowOrmEntity, { id }));
    return row ? toWorkflow(row) : undefined;
  }

  async findLatestByName(name: string): Promise<Workflow | undefined> {
    // MySQL's default collation matches names regardless of case: its candidates are narrowed to the exact name here.
    const rows = await this.managers.use((manager) =>
      manager.find(WorkflowOrmEntity, { where: { name }, order: { updatedAt: 'DESC', id: 'DESC' }, take: LATEST_BY_NAME_CANDIDATES }),
    );
    const row = rows.find((candidate) => candidate.name === name);
    return row ? toWorkflow(row) : undefined;
  }

  async create(workflow: Workflow): Promise<void> {
    await this.managers.use((manager) => manager.insert(WorkflowOrmEntity, toWorkflowRow(workflow)));
  }

  async update(workflow: Workflow): Promise<void> {
    const result = await this.managers.use((manager) => manager.update(WorkflowOrmEntity, { id: workflow.id }, changesOf(workflow)));
    // mysql2 reports matched rows (its FOUND_ROWS flag), so an update that changes nothing still counts.
    if ((result.affected ?? 0) === 0) throw new WorkflowNotFoundError(workflow.id);
  }

  async updateIfVersion(workflow: Workflow, expectedVersion: number): Promise<boolean> {
    const where = { id: workflow.id, version: expectedVersion };
    const result = await this.managers.use((manager) => manager.update(WorkflowOrmEntity, where, changesOf(workflow)));
    return (result.affected ?? 0) > 0;
  }

  async list(query: WorkflowQuery, offset: number, limit: number): Promise<{ items: Workflow[]; total: number }> {
    const [rows, total] = await this.managers.use((manager) => {
      const builder = manager.createQueryBuilder(WorkflowOrmEntity, 'w');
      if (query.ownerId !== undefined) builder.andWhere('w.owner_id = :owner', { owner: query.ownerId });
      if (query.search !== undefined) {
        builder.andWhere("(LOWER(w.name) LIKE :pattern ESCAPE '!' OR LOWER(w.description) LIKE :pattern ESCAPE '!')", {
          pattern: containsPattern(query.search),
        });
      }
      return builder.orderBy('w.createdAt', 'DESC').addOrderBy('w.id', 'DESC').skip(offset).take(limit).getManyAndCount();
    });
    return { items: rows.map(toWorkflow), total };
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.managers.use((manager) => manager.delete(WorkflowOrmEntity, { id }));
    return (result.affected ?? 0) > 0;
  }
}

/** Every column but the id; the owner and the creation time never change after create. */
function changesOf(workflow: Workflow): Omit<WorkflowOrmEntity, 'id' | 'ownerId' | 'createdAt'> {
  const { id: _id, ownerId: _ownerId, createdAt: _createdAt, ...changes } = toWorkflowRow(workflow);
  return changes;
}
