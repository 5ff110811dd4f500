import { AuditEntry } from '../../../../core/domain/audit/audit-entry';
import { AuditLogFilter, AuditLogRepository } from '../../../../core/ports/audit-log-repository.port';
import { offsetOf, Page, PageRequest } from '../../../../core/shared/pagination';
import { isDuplicateKeyError } from '../driver-errors';
import { AuditLogOrmEntity } from '../entities/audit-log.orm-entity';
import { ManagerProvider } from '../manager-provider';

export class TypeOrmAuditLogRepository implements AuditLogRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async append(entry: AuditEntry): Promise<boolean> {
    try {
      await this.managers.use((manager) => manager.insert(AuditLogOrmEntity, toRow(entry)));
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async list(filter: AuditLogFilter, page: PageRequest): Promise<Page<AuditEntry>> {
    const where: Partial<AuditLogOrmEntity> = {};
    if (filter.actorId) where.actorId = filter.actorId;
    if (filter.action) where.action = filter.action;
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(AuditLogOrmEntity, { where, order: { createdAt: 'DESC', id: 'ASC' }, skip: offsetOf(page), take: page.pageSize }),
    );
    return { items: rows.map(toEntry), total, page: page.page, pageSize: page.pageSize };
  }
}

function toRow(entry: AuditEntry): AuditLogOrmEntity {
  return { ...entry, actorId: entry.actorId ?? '', resourceId: entry.resourceId ?? '', detail: JSON.stringify(entry.detail) };
}

function toEntry(row: AuditLogOrmEntity): AuditEntry {
  return {
    ...row,
    actorId: row.actorId || null,
    resourceId: row.resourceId || null,
    outcome: row.outcome === 'failure' ? 'failure' : 'success',
    detail: JSON.parse(row.detail) as AuditEntry['detail'],
  };
}
