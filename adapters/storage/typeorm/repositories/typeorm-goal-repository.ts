import { Goal, GoalStatus } from '../../../../core/domain/goal/goal.entity';
import { GoalFilter, GoalRepository, GoalSlice } from '../../../../core/ports/goal-repository.port';
import { GoalOrmEntity } from '../entities/goal.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toGoal, toGoalRow } from '../mappers/goal.mapper';

export class TypeOrmGoalRepository implements GoalRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async findById(id: string): Promise<Goal | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(GoalOrmEntity, { id }));
    return row ? toGoal(row) : undefined;
  }

  async create(goal: Goal): Promise<void> {
    await this.managers.use((manager) => manager.insert(GoalOrmEntity, toGoalRow(goal)));
  }

  async updateIfStatus(goal: Goal, expectedStatus: GoalStatus): Promise<boolean> {
    const { title, description, status, agentId, updatedAt } = toGoalRow(goal);
    const result = await this.managers.use((manager) =>
      manager.update(GoalOrmEntity, { id: goal.id, status: expectedStatus }, { title, description, status, agentId, updatedAt }),
    );
    return (result.affected ?? 0) > 0;
  }

  async list(filter: GoalFilter, offset: number, limit: number): Promise<GoalSlice> {
    const where = {
      ...(filter.ownerId === undefined ? {} : { ownerId: filter.ownerId }),
      ...(filter.status === undefined ? {} : { status: filter.status }),
    };
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(GoalOrmEntity, { where, order: { createdAt: 'DESC', id: 'ASC' }, skip: offset, take: limit }),
    );
    return { items: rows.map(toGoal), total };
  }
}
