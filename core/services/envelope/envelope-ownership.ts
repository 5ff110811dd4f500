import { ForbiddenError, NotFoundError } from '../../shared/common.errors';

/** decisions.md: a missing record is 404/40400, another user's 403/40300. */
export function owned<T extends { ownerId: number }>(record: T | null, userId: number, resource: string, label: string): T {
  if (!record) throw new NotFoundError(resource, `${label} not found`);
  if (record.ownerId !== userId) throw new ForbiddenError(`No permission on this ${label.toLowerCase()}`);
  return record;
}
