import { WorkflowVersion } from '../../../../core/domain/workflow/workflow-version';
import { WorkflowVersionRepository } from '../../../../core/ports/workflow-version-repository.port';
import { WorkflowVersionOrmEntity } from '../entities/workflow-version.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toWorkflowVersion, toWorkflowVersionRow } from '../mappers/workflow-version.mapper';

export class TypeOrmWorkflowVersionRepository implements WorkflowVersionRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async add(version: WorkflowVersion): Promise<void> {
    await this.managers.use((manager) => manager.insert(WorkflowVersionOrmEntity, toWorkflowVersionRow(version)));
  }

  async find(workflowId: string, version: number): Promise<WorkflowVersion | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(WorkflowVersionOrmEntity, { workflowId, version }));
    return row ? toWorkflowVersion(row) : undefined;
  }

  async list(workflowId: string, offset: number, limit: number): Promise<{ items: WorkflowVersion[]; total: number }> {
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(WorkflowVersionOrmEntity, { where: { workflowId }, order: { version: 'DESC' }, skip: offset, take: limit }),
    );
    return { items: rows.map(toWorkflowVersion), total };
  }
}
