import { Approval } from '../../../../core/domain/approval/approval.entity';
import { FINISHED_EXECUTION_STATUSES } from '../../../../core/domain/execution/execution.entity';
import { ApprovalRepository, ApprovalVerdict } from '../../../../core/ports/approval-repository.port';
import { offsetOf, Page, PageRequest } from '../../../../core/shared/pagination';
import { isDuplicateKeyError } from '../driver-errors';
import { WorkflowApprovalOrmEntity } from '../entities/workflow-approval.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toApproval, toApprovalRow } from '../mappers/workflow-approval.mapper';

export class TypeOrmApprovalRepository implements ApprovalRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async findById(id: string): Promise<Approval | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(WorkflowApprovalOrmEntity, { id }));
    return row ? toApproval(row) : undefined;
  }

  async findByNode(executionId: string, nodeId: string): Promise<Approval | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(WorkflowApprovalOrmEntity, { executionId, nodeId }));
    return row ? toApproval(row) : undefined;
  }

  async create(approval: Approval): Promise<boolean> {
    try {
      await this.managers.use((manager) => manager.insert(WorkflowApprovalOrmEntity, toApprovalRow(approval)));
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async listPending(query: PageRequest & { ownerId?: string }): Promise<Page<Approval>> {
    const [rows, total] = await this.managers.use((manager) => {
      const select = manager
        .createQueryBuilder(WorkflowApprovalOrmEntity, 'approval')
        .innerJoin('approval.execution', 'execution')
        .where('approval.status = :pending', { pending: 'pending' })
        .andWhere('execution.status NOT IN (:...finished)', { finished: FINISHED_EXECUTION_STATUSES });
      if (query.ownerId !== undefined) select.andWhere('approval.ownerId = :ownerId', { ownerId: query.ownerId });
      return select.orderBy('approval.createdAt', 'ASC').addOrderBy('approval.id', 'ASC').offset(offsetOf(query)).limit(query.pageSize).getManyAndCount();
    });
    return { items: rows.map(toApproval), total, page: query.page, pageSize: query.pageSize };
  }

  async decide(id: string, verdict: ApprovalVerdict): Promise<boolean> {
    // One conditional UPDATE: of racing deciders exactly one finds it pending.
    const result = await this.managers.use((manager) =>
      manager.update(
        WorkflowApprovalOrmEntity,
        { id, status: 'pending' },
        { status: 'decided', decision: verdict.decision, comment: verdict.comment, input: { value: verdict.input }, decidedAt: verdict.decidedAt },
      ),
    );
    return (result.affected ?? 0) > 0;
  }
}
