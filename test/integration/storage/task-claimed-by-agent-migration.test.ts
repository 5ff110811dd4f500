import { OpenGate } from '../../../adapters/storage/typeorm/connection-gate';
import { AddTasksClaimedByAgent1795254469000 } from '../../../adapters/storage/typeorm/migrations/1795254469000-add-tasks-claimed-by-agent.migration';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { TypeOrmTaskRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-task-repository';
import { describeMigrationOnEachDialect, migratedAcross } from '../../support/migrations-before';

const OWNER = '0c0c0c0c-0000-4000-8000-000000000001';
const TASK = '0c0c0c0c-0000-4000-8000-00000000000a';

describeMigrationOnEachDialect('The tasks claimed-by-agent migration', (database) => {
  it("When a task was claimed before claims told agents from people, Then it reads back as a person's claim, unchanged otherwise", async () => {
    const current = await migratedAcross(database(), AddTasksClaimedByAgent1795254469000, async (earlier) => {
      await earlier.query(
        'INSERT INTO tasks (id, owner_id, goal_id, title, description, status, priority, requires_approval, assignee_agent_id, claimed_by, lease_expires_ms, result, failure_reason, due_at, created_at, updated_at, completed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          TASK,
          OWNER,
          '',
          'Proofread',
          '',
          'awaiting_approval',
          'normal',
          1,
          '',
          OWNER,
          0,
          '"draft"',
          '',
          '1970-01-01 00:00:00.000',
          '2024-01-02 03:04:05.678',
          '2024-01-02 03:04:06.000',
          '1970-01-01 00:00:00.000',
        ],
      );
    });
    try {
      const tasks = new TypeOrmTaskRepository(new ManagerProvider(current, new OpenGate()));
      expect(await tasks.findById(TASK)).toMatchObject({
        status: 'awaiting_approval',
        claimedBy: OWNER,
        claimedByAgent: false,
        result: 'draft',
        requiresApproval: true,
      });
    } finally {
      await current.destroy();
    }
  });
});
