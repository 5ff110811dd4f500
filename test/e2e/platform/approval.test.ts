import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { WorkflowGraph } from '../../../core/domain/workflow/workflow-graph';
import { aWorkflow, edge, node } from '../../fixtures/workflows/workflow.mother';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
interface ExecutionBody {
  id: string;
  status: string;
  success: boolean | null;
  output: unknown;
  error: { code: string; message: string } | null;
  steps: Array<{ node_id: string; status: string; output: unknown }>;
}
interface ApprovalBody {
  id: string;
  execution_id: string;
  node_id: string;
  kind: string;
  prompt: string;
  status: string;
  decision: string | null;
  [field: string]: unknown;
}
interface ApprovalPage {
  items: ApprovalBody[];
  total: number;
  page: number;
  page_size: number;
}

/** start → draft → review (approval) → approved: publish → end; rejected: redo → end. */
function reviewGraph(withRejectedBranch = true): WorkflowGraph {
  const nodes = [
    node('start', 'start'),
    node('draft', 'template', { template: 'Draft for {{input.topic}}' }),
    node('review', 'approval', { prompt: 'Publish "{{draft.output}}"?' }),
    node('publish', 'template', { template: 'Published: {{draft.output}} ({{review.output.comment}})' }),
    node('end', 'end'),
  ];
  const edges = [edge('start', 'draft'), edge('draft', 'review'), edge('review', 'publish'), edge('publish', 'end')];
  if (withRejectedBranch) {
    nodes.push(node('redo', 'template', { template: 'Rejected: {{review.output.comment}}' }));
    edges.push({ source: 'review', target: 'redo', condition: 'rejected' }, edge('redo', 'end'));
  }
  return { nodes, edges };
}

function questionGraph(): WorkflowGraph {
  return {
    nodes: [
      node('start', 'start'),
      node('ask', 'human_input', {
        prompt: 'How many copies?',
        input_schema: { type: 'object', required: ['copies'], properties: { copies: { type: 'integer', minimum: 1 } } },
      }),
      node('end', 'end', { output: 'Printing {{ask.output.copies}}' }),
    ],
    edges: [edge('start', 'ask'), edge('ask', 'end')],
  };
}

/**
 * Parking: a workflow reaching an approval or human_input node leaves `running` (paused, no
 * lease), its approval is listed to its owner, and deciding it sends the run on after the node.
 */
describe('Approval over HTTP', () => {
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;
  const url = (path: string) => `${app.platformUrl}/api/v1${path}`;

  beforeAll(async () => {
    app = await startApp({ EXECUTE_WAIT_SECONDS: '5' });
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const storedWorkflow = async (graph: WorkflowGraph, owner = ada): Promise<string> => {
    const workflow = aWorkflow({ ownerId: owner.id, graph });
    await app.services.app.container.get<WorkflowRepository>(WORKFLOW_REPOSITORY).create(workflow);
    return workflow.id;
  };
  const execute = (workflowId: string, input: Json, as = ada) =>
    request<ExecutionBody>('POST', url('/executions'), { token: as.token, body: { target_type: 'workflow', target_id: workflowId, input } });
  const getExecution = (id: string) => request<ExecutionBody>('GET', url(`/executions/${id}`), { token: ada.token });
  const pending = (as = ada) => request<ApprovalPage>('GET', url('/approval/pending'), { token: as.token });
  const decide = (id: string, body: Json, as = ada) => request<ApprovalBody>('POST', url(`/approval/${id}/decision`), { token: as.token, body });
  const approvalOf = async (executionId: string): Promise<ApprovalBody> =>
    eventually(async () => (await pending()).body.items.find((item) => item.execution_id === executionId));
  const finished = (id: string) =>
    eventually(async () => {
      const current = await getExecution(id);
      return ['completed', 'failed', 'cancelled'].includes(current.body.status) ? current.body : undefined;
    });
  /** A run parked at its approval node: the execution record and its approval. */
  const parkedRun = async (graph = reviewGraph()) => {
    const started = await execute(await storedWorkflow(graph), { topic: 'release notes' });
    return { execution: started, approval: await approvalOf(started.body.id) };
  };

  describe('GET /approval/pending', () => {
    it('When a workflow reaches an approval node, Then the execution is paused without a lease and its approval is listed to its owner only', async () => {
      const { execution, approval } = await parkedRun();

      expect(execution.status).toBe(202);
      const record = await getExecution(execution.body.id);
      expect(record.body).toMatchObject({ status: 'paused', success: null, error: null });
      const stored = await app.services.app.container.get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(execution.body.id);
      expect(stored?.lease).toBeNull();
      expect(record.body.steps.map((step) => [step.node_id, step.status])).toEqual([
        ['start', 'completed'],
        ['draft', 'completed'],
      ]);
      expect(approval).toEqual({
        id: expect.any(String),
        execution_id: execution.body.id,
        node_id: 'review',
        kind: 'approval',
        prompt: 'Publish "Draft for release notes"?',
        input_schema: null,
        status: 'pending',
        decision: null,
        comment: '',
        input: null,
        created_at: expect.any(String),
        decided_at: null,
      });
      const listed = await pending();
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ page: 1, page_size: 20 });
      expect((await pending(bob)).body).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
    });

    it('When the page size is out of range, Then 422 in the error shape', async () => {
      const res = await request('GET', url('/approval/pending?page_size=500'), { token: ada.token });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', message: expect.any(String) });
    });

    it('When no token is sent, Then 401', async () => {
      const res = await request('GET', url('/approval/pending'));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'unauthorized' });
    });
  });

  describe('POST /approval/{approval_id}/decision', () => {
    it('When approved, Then the run continues after the node along the approved edges and completes, without running earlier nodes again', async () => {
      const { execution, approval } = await parkedRun();

      const res = await decide(approval.id, { decision: 'approve', comment: 'ship it' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: approval.id, status: 'decided', decision: 'approved', comment: 'ship it', decided_at: expect.any(String) });
      const done = await finished(execution.body.id);
      expect(done).toMatchObject({ status: 'completed', success: true, output: 'Published: Draft for release notes (ship it)' });
      expect(done.steps.map((step) => [step.node_id, step.status])).toEqual([
        ['start', 'completed'],
        ['draft', 'completed'],
        ['review', 'completed'],
        ['redo', 'skipped'],
        ['publish', 'completed'],
        ['end', 'completed'],
      ]);
      expect((await pending()).body.items.map((item) => item.id)).not.toContain(approval.id);
    });

    it('When a parked run goes on, Then each node’s start and end, the park and the end reach its run events (what /ws/executions pushes)', async () => {
      const { execution, approval } = await parkedRun();
      await decide(approval.id, { decision: 'approve' });
      await finished(execution.body.id);
      const events = await request<Array<{ type: string; name?: string; status?: string; detail?: { phase?: string; status?: string } }>>(
        'GET',
        url(`/execution-logs/${execution.body.id}/events`),
        { token: ada.token },
      );
      expect(events.status).toBe(200);
      const summary = events.body.map((event) =>
        event.type === 'step'
          ? `${event.name}:${event.detail?.phase ?? event.detail?.status}`
          : event.type === 'status'
            ? `status:${event.status}`
            : event.type,
      );
      expect(summary).toEqual([
        'status:running',
        'start:started',
        'start:completed',
        'draft:started',
        'draft:completed',
        'review:started',
        'status:paused',
        'status:running',
        'review:started',
        'review:completed',
        // A skipped node's step goes out with the next checkpoint, after the node that started meanwhile.
        'publish:started',
        'redo:skipped',
        'publish:completed',
        'end:started',
        'end:completed',
        'status:completed',
        'done',
      ]);
    });

    it('When rejected, Then the rejected branch runs', async () => {
      const { execution, approval } = await parkedRun();
      expect((await decide(approval.id, { decision: 'reject', comment: 'too short' })).status).toBe(200);
      expect(await finished(execution.body.id)).toMatchObject({ status: 'completed', output: 'Rejected: too short' });
    });

    it('When rejected and the node has no rejected branch, Then the run fails with workflow.approval_rejected', async () => {
      const { execution, approval } = await parkedRun(reviewGraph(false));
      expect((await decide(approval.id, { decision: 'reject' })).status).toBe(200);
      expect(await finished(execution.body.id)).toMatchObject({ status: 'failed', error: { code: 'workflow.approval_rejected' } });
    });

    it('When decided twice, Then the second is 409 conflict', async () => {
      const { approval } = await parkedRun();
      expect((await decide(approval.id, { decision: 'approve' })).status).toBe(200);
      const again = await decide(approval.id, { decision: 'reject' });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: 'conflict', message: expect.any(String) });
    });

    it('When another user decides, Then 404 and the approval stays pending', async () => {
      const { approval } = await parkedRun();
      const res = await decide(approval.id, { decision: 'approve' }, bob);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'not_found' });
      expect((await pending()).body.items.find((item) => item.id === approval.id)?.status).toBe('pending');
    });

    it('When the approval does not exist, Then 404', async () => {
      const res = await decide('00000000-0000-4000-8000-000000000000', { decision: 'approve' });
      expect(res.status).toBe(404);
    });

    it('When the decision does not fit the node, Then 422 names the field', async () => {
      const { approval } = await parkedRun();
      const res = await decide(approval.id, { decision: 'submit', input: { copies: 1 } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: expect.arrayContaining([expect.objectContaining({ field: 'decision' })]) });
    });

    it('When a human_input node gets input that matches its schema, Then the run continues with that input; input that does not is 422', async () => {
      const started = await execute(await storedWorkflow(questionGraph()), {});
      const approval = await approvalOf(started.body.id);
      expect(approval).toMatchObject({ kind: 'human_input', prompt: 'How many copies?', input_schema: { type: 'object' } });

      const wrong = await decide(approval.id, { decision: 'submit', input: { copies: 0 } });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field: 'input.copies' })] });

      expect((await decide(approval.id, { decision: 'submit', input: { copies: 3 } })).status).toBe(200);
      expect(await finished(started.body.id)).toMatchObject({ status: 'completed', output: 'Printing 3' });
    });
  });
});
