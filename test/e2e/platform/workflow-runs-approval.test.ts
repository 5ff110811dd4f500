import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { RunBody, trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

interface ApprovalBody {
  id: string;
  execution_id: string;
  node_id: string;
  prompt: string;
  status: string;
  [field: string]: unknown;
}

/** start → draft → review (approval) → approved: publish → end; rejected: revise → end. */
const publishing: Json = {
  name: 'Reviewed post',
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'draft', type: 'template', config: { template: 'Post about {{input.topic}}' } },
    { id: 'review', type: 'approval', config: { prompt: 'Publish "{{draft.output}}"?' } },
    { id: 'publish', type: 'template', config: { template: 'Published: {{draft.output}}' } },
    { id: 'revise', type: 'template', config: { template: 'Revise: {{draft.output}} ({{review.output.comment}})' } },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'draft' },
    { source: 'draft', target: 'review' },
    { source: 'review', target: 'publish', condition: 'approved' },
    { source: 'review', target: 'revise', condition: 'rejected' },
    { source: 'publish', target: 'end' },
    { source: 'revise', target: 'end' },
  ],
};

/**
 * An approval over HTTP on a workflow created and executed through the workflows API: the run parks
 * (paused, no lease), waits for `/approval`, and goes on along the decided branch. Deciding twice,
 * another user's decision and a rejection without a rejected branch are in approval.test.ts.
 */
describe('Workflow runs over HTTP: an approval that parks the run', () => {
  let app: StartedApp;
  let runs: ReturnType<typeof workflowRuns>;
  let ada: PlatformUser;
  const url = (path: string) => `${app.platformUrl}/api/v1${path}`;

  beforeAll(async () => {
    app = await startApp({ EXECUTE_WAIT_SECONDS: '10' });
    runs = workflowRuns(app.platformUrl);
    ada = await signUp(app.platformUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const approvalOf = (executionId: string): Promise<ApprovalBody> =>
    eventually(async () => {
      const page = await request<{ items: ApprovalBody[] }>('GET', url('/approval/pending'), { token: ada.token });
      return page.body.items.find((item) => item.execution_id === executionId);
    });
  const decide = (approvalId: string, body: Json) => request<ApprovalBody>('POST', url(`/approval/${approvalId}/decision`), { token: ada.token, body });
  /** Executes the workflow and answers the parked run and its approval. */
  const parked = async (async: boolean, id?: string): Promise<{ run: RunBody; approval: ApprovalBody }> => {
    id ??= await runs.create(ada, publishing);
    const res = await runs.execute(id, ada, { topic: 'spring' }, async);
    expect(res.status).toBe(202);
    const run = await runs.until(res.body.id, ada, (current) => current.status === 'paused');
    return { run, approval: await approvalOf(res.body.id) };
  };

  it('When the run reaches the approval (sync execute), Then 202 answers at once, the run is paused holding no lease, and the approval waits', async () => {
    const id = await runs.create(ada, publishing);
    const started = Date.now();
    const res = await runs.execute(id, ada, { topic: 'spring' });
    // The execute wait ends at the park, long before EXECUTE_WAIT_SECONDS.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'paused', success: null, output: null });
    expect(trail(res.body)).toEqual([
      ['start', 'completed'],
      ['draft', 'completed'],
    ]);
    const stored = await app.services.app.container.get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(res.body.id);
    expect(stored).toMatchObject({ status: 'paused', lease: null });
    expect(await approvalOf(res.body.id)).toMatchObject({ node_id: 'review', prompt: 'Publish "Post about spring"?', status: 'pending' });
  });

  it('When approved, Then the run resumes after the approval, takes the approved branch, and runs no earlier node again', async () => {
    const { run, approval } = await parked(false);
    expect((await decide(approval.id, { decision: 'approve', comment: 'lovely' })).status).toBe(200);
    const done = await runs.finished(run.id, ada);
    expect(done).toMatchObject({ status: 'completed', success: true, output: 'Published: Post about spring' });
    expect(trail(done)).toEqual([
      ['start', 'completed'],
      ['draft', 'completed'],
      ['review', 'completed'],
      ['revise', 'skipped'],
      ['publish', 'completed'],
      ['end', 'completed'],
    ]);
    expect(done.steps.find((step) => step.node_id === 'review')?.output).toEqual({ decision: 'approved', comment: 'lovely' });
  });

  it('When rejected (async execute), Then the rejected branch runs with the comment and publish is skipped', async () => {
    const { run, approval } = await parked(true);
    expect((await decide(approval.id, { decision: 'reject', comment: 'too short' })).status).toBe(200);
    const done = await runs.finished(run.id, ada);
    expect(done).toMatchObject({ status: 'completed', output: 'Revise: Post about spring (too short)' });
    expect(trail(done)).toEqual([
      ['start', 'completed'],
      ['draft', 'completed'],
      ['review', 'completed'],
      ['publish', 'skipped'],
      ['revise', 'completed'],
      ['end', 'completed'],
    ]);
  });

  it('When a parked run is cancelled, Then its approval leaves the pending list and deciding it is 409, and the run stays cancelled', async () => {
    const { run, approval } = await parked(true);
    expect((await runs.act(run.id, ada, 'cancel')).body).toMatchObject({ status: 'cancelled' });

    const listed = await request<{ items: ApprovalBody[]; total: number }>('GET', url('/approval/pending'), { token: ada.token });
    expect(listed.body.items.map((item) => item.id)).not.toContain(approval.id);
    const late = await decide(approval.id, { decision: 'approve' });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: 'conflict', message: 'The execution waiting for this approval has ended: it is cancelled' });
    expect((await runs.execution(run.id, ada)).body).toMatchObject({ status: 'cancelled', error: { code: 'execution.cancelled' } });
    expect(trail((await runs.execution(run.id, ada)).body)).toEqual([
      ['start', 'completed'],
      ['draft', 'completed'],
    ]);
  });

  it('When the workflow is edited while its run waits for approval, Then the approved run goes on with the version it started with', async () => {
    const id = await runs.create(ada, publishing);
    const { run, approval } = await parked(false, id);
    const nodes = (publishing.nodes as Json[]).map((node) => (node.id === 'publish' ? { ...node, config: { template: 'Edited: {{draft.output}}' } } : node));
    expect((await runs.workflows.update(ada, id, { ...publishing, nodes })).version).toBe(2);

    expect((await decide(approval.id, { decision: 'approve' })).status).toBe(200);
    expect(await runs.finished(run.id, ada)).toMatchObject({ status: 'completed', target_version: 1, output: 'Published: Post about spring' });
  });
});
