import { Run, RunStatus } from '../../../../core/domain/run/run.entity';
import { RunOrmEntity } from '../entities/run.orm-entity';

export function toRunRow(run: Run): RunOrmEntity {
  return Object.assign(new RunOrmEntity(), {
    id: run.id,
    kind: run.kind,
    ownerId: run.ownerId,
    status: run.status,
    leaseOwner: run.leaseOwner ?? '',
    leaseExpiresMs: run.leaseExpiresAt?.getTime() ?? 0,
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    expiresMs: run.expiresAt.getTime(),
  });
}

export function toRun(row: RunOrmEntity): Run {
  return {
    id: row.id,
    kind: row.kind,
    ownerId: row.ownerId,
    status: row.status as RunStatus,
    leaseOwner: row.leaseOwner === '' ? null : row.leaseOwner,
    leaseExpiresAt: row.leaseOwner === '' ? null : new Date(Number(row.leaseExpiresMs)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    expiresAt: new Date(Number(row.expiresMs)),
  };
}
