import { OpenGate } from '../../../adapters/storage/typeorm/connection-gate';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { CreateWorkflowVersions1795254452200 } from '../../../adapters/storage/typeorm/migrations/1795254452200-create-workflow-versions.migration';
import { TypeOrmExecutionRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-execution-repository';
import { TypeOrmWorkflowVersionRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-workflow-version-repository';
import { describeMigrationOnEachDialect, migratedAcross } from '../../support/migrations-before';

const OWNER = '0d0d0d0d-0000-4000-8000-000000000001';
const WORKFLOW = '0d0d0d0d-0000-4000-8000-00000000000a';
const EXECUTION = '0d0d0d0d-0000-4000-8000-00000000000b';
const GRAPH = {
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'end', type: 'end' },
  ],
  edges: [{ source: 'start', target: 'end' }],
};

describeMigrationOnEachDialect('Migration CreateWorkflowVersions', (database) => {
  it('When workflows and executions exist before versions were kept, Then each workflow’s current version becomes its first recorded one and executions pin no version', async () => {
    const current = await migratedAcross(database(), CreateWorkflowVersions1795254452200, async (earlier) => {
      await earlier.query('INSERT INTO workflows (id, owner_id, name, description, graph, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
        WORKFLOW,
        OWNER,
        'Old one',
        'From before',
        JSON.stringify(GRAPH),
        3,
        '2024-01-02 03:04:05.000',
        '2024-02-03 04:05:06.789',
      ]);
      await earlier.query(
        'INSERT INTO executions (id, owner_id, target_type, target_id, mode, triggered_by, schedule_id, status, success, payload, prompt_tokens, completion_tokens, total_tokens, error_code, error_message, created_at, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          EXECUTION,
          OWNER,
          'workflow',
          WORKFLOW,
          'graph',
          'api',
          '',
          'pending',
          0,
          '{"input":{},"output":null,"steps":[]}',
          0,
          0,
          0,
          '',
          '',
          '2024-02-03 04:05:07.000',
          '1970-01-01 00:00:00.000',
          '1970-01-01 00:00:00.000',
        ],
      );
    });
    try {
      const managers = new ManagerProvider(current, new OpenGate());
      expect(await new TypeOrmWorkflowVersionRepository(managers).list(WORKFLOW, 0, 10)).toEqual({
        items: [
          { workflowId: WORKFLOW, version: 3, name: 'Old one', description: 'From before', graph: GRAPH, createdAt: new Date('2024-02-03T04:05:06.789Z') },
        ],
        total: 1,
      });
      expect(await new TypeOrmExecutionRepository(managers).findById(EXECUTION)).toMatchObject({ targetVersion: 0, status: 'pending' });
    } finally {
      await current.destroy();
    }
  });
});
