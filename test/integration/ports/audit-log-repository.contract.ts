import { randomUUID } from 'node:crypto';
import { AuditEntry } from '../../../core/domain/audit/audit-entry';
import { AuditLogRepository } from '../../../core/ports/audit-log-repository.port';

export interface AuditLogRepositoryHarness {
  auditLog: AuditLogRepository;
  destroy(): Promise<void>;
}

function anEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: randomUUID(),
    actorId: randomUUID(),
    action: 'user.register',
    resourceType: 'user',
    resourceId: randomUUID(),
    outcome: 'success',
    detail: { email: 'a@example.com', attempts: 1, admin: false, note: null },
    createdAt: new Date('2030-01-02T03:04:05.678Z'),
    ...overrides,
  };
}

export function describeAuditLogRepositoryContract(name: string, makeHarness: () => Promise<AuditLogRepositoryHarness>): void {
  describe(name, () => {
    let harness: AuditLogRepositoryHarness;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When an entry is appended, Then it is listed with every field unchanged', async () => {
      const entry = anEntry();
      expect(await harness.auditLog.append(entry)).toBe(true);
      const page = await harness.auditLog.list({ actorId: entry.actorId! }, { page: 1, pageSize: 10 });
      expect(page).toEqual({ items: [entry], total: 1, page: 1, pageSize: 10 });
    });

    it('When the same entry id is appended twice, Then it is stored once', async () => {
      const entry = anEntry();
      expect(await harness.auditLog.append(entry)).toBe(true);
      expect(await harness.auditLog.append({ ...entry, action: 'changed' })).toBe(false);
      const page = await harness.auditLog.list({ actorId: entry.actorId! }, { page: 1, pageSize: 10 });
      expect(page.items.map((e) => e.action)).toEqual(['user.register']);
    });

    it('When listing, Then entries come newest first, paginated, filtered by action', async () => {
      const actorId = randomUUID();
      for (let i = 0; i < 5; i += 1) {
        await harness.auditLog.append(anEntry({ actorId, action: i % 2 ? 'auth.login' : 'user.register', createdAt: new Date(Date.UTC(2030, 0, 1 + i)) }));
      }
      const second = await harness.auditLog.list({ actorId }, { page: 2, pageSize: 2 });
      expect(second.total).toBe(5);
      expect(second.items.map((e) => e.createdAt.getUTCDate())).toEqual([3, 2]);
      const logins = await harness.auditLog.list({ actorId, action: 'auth.login' }, { page: 1, pageSize: 10 });
      expect(logins.items.map((e) => e.createdAt.getUTCDate())).toEqual([4, 2]);
    });
  });
}
