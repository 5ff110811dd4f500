import { OpenGate } from '../../../adapters/storage/typeorm/connection-gate';
import { AddExecutionLeases1795254451300 } from '../../../adapters/storage/typeorm/migrations/1795254451300-add-execution-leases.migration';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { TypeOrmExecutionRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-execution-repository';
import { describeMigrationOnEachDialect, migratedAcross } from '../../support/migrations-before';

const OWNER = '0b0b0b0b-0000-4000-8000-000000000001';
const ids = { pending: '0b0b0b0b-0000-4000-8000-00000000000a', running: '0b0b0b0b-0000-4000-8000-00000000000b', done: '0b0b0b0b-0000-4000-8000-00000000000c' };

describeMigrationOnEachDialect('The execution-lease migration', (database) => {
  it('When executions exist before leases, Then they read back unchanged, started ones count one attempt, and a running one is left for the reclaim loop', async () => {
    const current = await migratedAcross(database(), AddExecutionLeases1795254451300, async (earlier) => {
      for (const [status, id] of [
        ['pending', ids.pending],
        ['running', ids.running],
        ['completed', ids.done],
      ]) {
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
            status === 'completed' ? 1 : 0,
            '{"input":"hi","output":null,"steps":[]}',
            1,
            2,
            3,
            '',
            '',
            '2024-01-02 03:04:05.678',
            '2024-01-02 03:04:06.000',
            '1970-01-01 00:00:00.000',
          ],
        );
      }
    });
    try {
      const executions = new TypeOrmExecutionRepository(new ManagerProvider(current, new OpenGate()));
      expect(await executions.findById(ids.pending)).toMatchObject({ status: 'pending', attempt: 0, lease: null, options: {}, llmCalls: 0, input: 'hi' });
      expect(await executions.findById(ids.done)).toMatchObject({
        status: 'completed',
        success: true,
        attempt: 1,
        lease: null,
        tokenUsage: { totalTokens: 3 },
      });
      expect(await executions.findById(ids.running)).toMatchObject({
        status: 'running',
        attempt: 1,
        lease: { owner: 'before-leases', expiresAt: new Date(0) },
      });
      expect((await executions.findExpiredLeases(new Date(), 10)).map((execution) => execution.id)).toEqual([ids.running]);
    } finally {
      await current.destroy();
    }
  });
});
