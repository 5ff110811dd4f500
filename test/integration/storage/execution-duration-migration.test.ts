import { OpenGate } from '../../../adapters/storage/typeorm/connection-gate';
import { AddExecutionParentAndDuration1795254451500 } from '../../../adapters/storage/typeorm/migrations/1795254451500-add-execution-parent-and-duration.migration';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { TypeOrmExecutionRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-execution-repository';
import { describeMigrationOnEachDialect, migratedAcross } from '../../support/migrations-before';

const OWNER = '0c0c0c0c-0000-4000-8000-000000000001';
const rows: Array<[id: string, status: string, finishedAt: string]> = [
  ['0c0c0c0c-0000-4000-8000-00000000000a', 'completed', '2024-01-02 03:04:07.500'],
  ['0c0c0c0c-0000-4000-8000-00000000000b', 'failed', '2024-01-02 03:04:09.500'],
  ['0c0c0c0c-0000-4000-8000-00000000000c', 'running', '1970-01-01 00:00:00.000'],
];

describeMigrationOnEachDialect('The execution-duration migration', (database) => {
  it('When finished executions exist before durations were stored, Then the migration computes theirs, so statistics average them; unfinished ones have none', async () => {
    const current = await migratedAcross(database(), AddExecutionParentAndDuration1795254451500, async (earlier) => {
      for (const [id, status, finishedAt] of rows) {
        await earlier.query(
          'INSERT INTO executions (id, owner_id, target_type, target_id, mode, triggered_by, schedule_id, status, success, payload, prompt_tokens, completion_tokens, total_tokens, error_code, error_message, created_at, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          [
            id,
            OWNER,
            'agent',
            OWNER,
            'agent',
            'api',
            '',
            status,
            0,
            '{"input":"hi","output":null,"steps":[]}',
            1,
            2,
            3,
            '',
            '',
            '2024-01-02 03:04:05.000',
            '2024-01-02 03:04:06.000',
            finishedAt,
          ],
        );
      }
    });
    try {
      const executions = new TypeOrmExecutionRepository(new ManagerProvider(current, new OpenGate()));
      // (1,500 + 3,500) / 2: the running record has no duration yet.
      expect(await executions.statistics({ ownerId: OWNER })).toMatchObject({ total: 3, averageDurationMs: 2500 });
      expect(await executions.findById(rows[0][0])).toMatchObject({ parentExecutionId: null, status: 'completed' });
    } finally {
      await current.destroy();
    }
  });
});
