import { Execution, ExecutionStatus } from '../../../../core/domain/execution/execution.entity';
import { ExecutionNotFoundError } from '../../../../core/domain/execution/execution.errors';
import { ExecutionRepository } from '../../../../core/ports/execution-repository.port';
import { ExecutionOrmEntity } from '../entities/execution.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toExecution, toExecutionRow } from '../mappers/execution.mapper';

export class TypeOrmExecutionRepository implements ExecutionRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async findById(id: string): Promise<Execution | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(ExecutionOrmEntity, { id }));
    return row ? toExecution(row) : undefined;
  }

  async create(execution: Execution): Promise<void> {
    await this.managers.use((manager) => manager.insert(ExecutionOrmEntity, toExecutionRow(execution)));
  }

  async update(execution: Execution): Promise<void> {
    // The owner and the creation time never change after create.
    const { id, ownerId: _ownerId, createdAt: _createdAt, ...changes } = toExecutionRow(execution);
    const result = await this.managers.use((manager) => manager.update(ExecutionOrmEntity, { id }, changes));
    // mysql2 reports matched rows (its FOUND_ROWS flag), so an update that changes nothing still counts.
    if ((result.affected ?? 0) === 0) throw new ExecutionNotFoundError(id);
  }

  async claim(id: string, from: ExecutionStatus, to: ExecutionStatus, startedAt: Date): Promise<boolean> {
    // One conditional UPDATE: the database decides which of several concurrent claims wins.
    const result = await this.managers.use((manager) => manager.update(ExecutionOrmEntity, { id, status: from }, { status: to, startedAt }));
    return (result.affected ?? 0) > 0;
  }
}
