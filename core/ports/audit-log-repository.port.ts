import { AuditEntry } from '../domain/audit/audit-entry';
import { Page, PageRequest } from '../shared/pagination';
import { token } from '../shared/token';

export interface AuditLogFilter {
  actorId?: string;
  action?: string;
}

/** The audit trail. Appending is idempotent on the entry id, so a redelivered job writes once. */
export interface AuditLogRepository {
  /** False when an entry with this id already exists. */
  append(entry: AuditEntry): Promise<boolean>;
  list(filter: AuditLogFilter, page: PageRequest): Promise<Page<AuditEntry>>;
}

export const AUDIT_LOG_REPOSITORY = token<AuditLogRepository>('AuditLogRepository');
