import { StorageKind } from '../../../adapters/config/app-config';
import { createContainer } from '../../../adapters/composition/create-container';
import { AGENT_DEPENDANTS, AgentDependants } from '../../../core/ports/agent-dependants.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { WORKFLOW_DEPENDANTS, WorkflowDependants } from '../../../core/ports/workflow-dependants.port';
import { anExecution } from '../../fixtures/workflows/workflow.mother';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';

/**
 * `execution_node_results`: a workflow execution's settled nodes, one row each. They go with their
 * execution, whichever way it is deleted (its workflow's or agent's dependants, or the record).
 */
function describeNodeRows(kind: StorageKind): void {
  let storage: TestStorage;
  let executions: ExecutionRepository;
  let workflowDependants: WorkflowDependants[];
  let agentDependants: AgentDependants[];

  beforeAll(async () => {
    storage = await createTestStorage(kind);
    const container = createContainer();
    container.loadSync(storage.module);
    executions = storage.get(EXECUTION_REPOSITORY);
    workflowDependants = container.getAll<WorkflowDependants>(WORKFLOW_DEPENDANTS);
    agentDependants = container.getAll<AgentDependants>(AGENT_DEPENDANTS);
  });
  afterAll(async () => {
    await storage?.destroy();
  });

  const rowsOf = async (executionId: string): Promise<number> => {
    const rows = (await storage.dataSource.query('SELECT COUNT(*) AS n FROM execution_node_results WHERE execution_id = ?', [executionId])) as Array<{
      n: number | string;
    }>;
    return Number(rows[0].n);
  };

  /** A running execution of the target with two recorded nodes. */
  const aRecordedRun = async (targetType: 'workflow' | 'agent', targetId: string) => {
    const execution = anExecution({ targetType, targetId, status: 'running', attempt: 1, lease: { owner: 'w', expiresAt: new Date('2031-01-01T00:00:00Z') } });
    await executions.create(execution);
    const nodes = ['start', 'next'].map((nodeId, seq) => ({
      seq,
      nodeId,
      step: { node_id: nodeId },
      settled: { status: 'completed', output: nodeId, branch: null, attempts: 1, error: null, seq },
    }));
    const runState = { version: 1, settled: {}, progress: {}, parked: null };
    expect(await executions.transition(execution.id, { from: ['running'], leaseOwner: 'w', attempt: 1 }, { runState, recordedNodes: nodes })).toBe(true);
    expect(await rowsOf(execution.id)).toBe(2);
    return execution;
  };

  it("When a workflow's dependants are removed, Then its executions' node rows go with them and another's stay", async () => {
    const doomed = await aRecordedRun('workflow', 'workflow-doomed');
    const kept = await aRecordedRun('workflow', 'workflow-kept');
    for (const dependant of workflowDependants) await dependant.removeForWorkflow('workflow-doomed');
    expect(await rowsOf(doomed.id)).toBe(0);
    expect(await rowsOf(kept.id)).toBe(2);
    expect((await executions.findById(kept.id))?.steps).toEqual([{ node_id: 'start' }, { node_id: 'next' }]);
  });

  it("When an agent's dependants are removed, Then its executions' node rows go with them", async () => {
    const doomed = await aRecordedRun('agent', 'agent-doomed');
    for (const dependant of agentDependants) await dependant.removeForAgent('agent-doomed');
    expect(await rowsOf(doomed.id)).toBe(0);
  });
}

describe('Execution node rows on SQLite', () => describeNodeRows('sqlite'));
describeWithEnv('DATABASE_URL', 'Execution node rows on MariaDB', () => describeNodeRows('mysql'));
