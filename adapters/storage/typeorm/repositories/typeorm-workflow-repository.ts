import { Workflow } from '../../../../core/domain/workflow/workflow.entity';
import { WorkflowNotFoundError } from '../../../../core/domain/workflow/workflow.errors';
import { WorkflowRepository } from '../../../../core/ports/workflow-repository.port';
import { WorkflowOrmEntity } from '../entities/workflow.orm-entity';
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
    // The owner and the creation time never change after create.
    const { id, ownerId: _ownerId, createdAt: _createdAt, ...changes } = toWorkflowRow(workflow);
    const result = await this.managers.use((manager) => manager.update(WorkflowOrmEntity, { id }, changes));
    // mysql2 reports matched rows (its FOUND_ROWS flag), so an update that changes nothing still counts.
    if ((result.affected ?? 0) === 0) throw new WorkflowNotFoundError(id);
  }
}
