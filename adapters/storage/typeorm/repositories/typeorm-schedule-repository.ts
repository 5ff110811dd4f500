import { Between, FindOptionsWhere } from 'typeorm';
import { Schedule } from '../../../../core/domain/schedule/schedule.entity';
import { ScheduleListQuery, ScheduleRepository } from '../../../../core/ports/schedule-repository.port';
import { offsetOf, Page } from '../../../../core/shared/pagination';
import { ScheduleOrmEntity } from '../entities/schedule.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toMs, toSchedule, toScheduleRow } from '../mappers/schedule.mapper';

export class TypeOrmScheduleRepository implements ScheduleRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(schedule: Schedule): Promise<void> {
    await this.managers.use((manager) => manager.insert(ScheduleOrmEntity, toScheduleRow(schedule)));
  }

  async findById(id: string): Promise<Schedule | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(ScheduleOrmEntity, { id }));
    return row ? toSchedule(row) : undefined;
  }

  countByOwner(ownerId: string): Promise<number> {
    return this.managers.use((manager) => manager.countBy(ScheduleOrmEntity, { ownerId }));
  }

  async list(query: ScheduleListQuery): Promise<Page<Schedule>> {
    const where: FindOptionsWhere<ScheduleOrmEntity> = {};
    if (query.ownerId !== undefined) where.ownerId = query.ownerId;
    if (query.targetType !== undefined) where.targetType = query.targetType;
    if (query.targetId !== undefined) where.targetId = query.targetId;
    if (query.enabled !== undefined) where.enabled = query.enabled;
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(ScheduleOrmEntity, { where, order: { createdAt: 'DESC', id: 'DESC' }, skip: offsetOf(query), take: query.pageSize }),
    );
    return { items: rows.map(toSchedule), total, page: query.page, pageSize: query.pageSize };
  }

  async update(schedule: Schedule, expectedNextRunAt: Date | null): Promise<boolean> {
    const row = toScheduleRow(schedule);
    const { name, targetType, targetId, cron, runAtMs, timezone, input, enabled, nextRunAtMs, updatedAt } = row;
    const changes = { name, targetType, targetId, cron, runAtMs, timezone, input, enabled, nextRunAtMs, updatedAt };
    const result = await this.managers.use((manager) => manager.update(ScheduleOrmEntity, { id: schedule.id, nextRunAtMs: toMs(expectedNextRunAt) }, changes));
    // mysql2 reports matched rows (its FOUND_ROWS flag), so an update that changes nothing still counts.
    return (result.affected ?? 0) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.managers.use((manager) => manager.delete(ScheduleOrmEntity, { id }));
    return (result.affected ?? 0) > 0;
  }

  async due(now: Date, limit: number): Promise<Schedule[]> {
    // From 1: 0 means "no next run" (see ScheduleOrmEntity).
    const rows = await this.managers.use((manager) =>
      manager.find(ScheduleOrmEntity, {
        where: { enabled: true, nextRunAtMs: Between(1, now.getTime()) },
        order: { nextRunAtMs: 'ASC', id: 'ASC' },
        take: limit,
      }),
    );
    return rows.map(toSchedule);
  }

  /**
   * One conditional UPDATE: MySQL's row lock makes a racing update wait and then re-check the
   * condition against the committed row (so it matches nothing); SQLite runs one at a time.
   */
  async advance(id: string, expectedNextRunAt: Date, next: Date | null, firedAt: Date): Promise<boolean> {
    const changes = { nextRunAtMs: toMs(next), lastRunAtMs: firedAt.getTime(), ...(next === null ? { enabled: false } : {}) };
    const result = await this.managers.use((manager) =>
      manager.update(ScheduleOrmEntity, { id, enabled: true, nextRunAtMs: expectedNextRunAt.getTime() }, changes),
    );
    return result.affected === 1;
  }

  async recordExecution(id: string, executionId: string): Promise<void> {
    await this.managers.use((manager) => manager.update(ScheduleOrmEntity, { id }, { lastExecutionId: executionId }));
  }

  async disable(id: string): Promise<void> {
    await this.managers.use((manager) => manager.update(ScheduleOrmEntity, { id }, { enabled: false }));
  }
}
