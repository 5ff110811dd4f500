import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

/** start → nap (delay) → say (`words`) → end; a second version adds a `shout` node after `say`. */
const greeter = (words: string, shout = false): Json => ({
  name: 'Greeter',
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'nap', type: 'delay', config: { ms: 600 } },
    { id: 'say', type: 'template', config: { template: `${words} {{input.name}}` } },
    ...(shout ? [{ id: 'shout', type: 'template', config: { template: '{{last}}!' } }] : []),
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'nap' },
    { source: 'nap', target: 'say' },
    ...(shout
      ? [
          { source: 'say', target: 'shout' },
          { source: 'shout', target: 'end' },
        ]
      : [{ source: 'say', target: 'end' }]),
  ],
});

/**
 * Versions and runs: a run in flight keeps the version it started with while the workflow is edited,
 * a rollback is what the next run runs, and the diff of two runs' versions says what changed. (Paused
 * and queued runs keep their version too: workflow-execute.test.ts; versions, rollback and diff as
 * records: workflow-versions.test.ts.)
 */
describe('Workflow runs over HTTP: pinned versions, rollback and diff', () => {
  let app: StartedApp;
  let runs: ReturnType<typeof workflowRuns>;
  let ada: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ EXECUTE_WAIT_SECONDS: '10' });
    runs = workflowRuns(app.platformUrl);
    ada = await signUp(app.platformUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When the workflow is edited while a run is in flight, rolled back, then run again, Then each run runs the version it started with and the diff names the change', async () => {
    const id = await runs.create(ada, greeter('Hello'));
    const first = await runs.execute(id, ada, { name: 'Ada' }, true);
    await runs.until(first.body.id, ada, (run) => run.status === 'running' && run.steps.some((step) => step.node_id === 'start'));

    const edited = await runs.workflows.update(ada, id, greeter('Hi', true));
    expect(edited.version).toBe(2);
    const second = await runs.execute(id, ada, { name: 'Bob' });

    const firstDone = await runs.finished(first.body.id, ada);
    expect(firstDone).toMatchObject({ status: 'completed', target_version: 1, output: 'Hello Ada' });
    expect(trail(firstDone).map(([node]) => node)).toEqual(['start', 'nap', 'say', 'end']);
    expect(second.body).toMatchObject({ status: 'completed', target_version: 2, output: 'Hi Bob!' });
    expect(trail(second.body).map(([node]) => node)).toEqual(['start', 'nap', 'say', 'shout', 'end']);

    const rolledBack = await runs.workflows.call<{ version: number }>('POST', `/${id}/versions/1/rollback`, ada);
    expect(rolledBack.body.version).toBe(3);
    const third = await runs.execute(id, ada, { name: 'Cy' });
    expect(third.body).toMatchObject({ status: 'completed', target_version: 3, output: 'Hello Cy' });

    const diff = await runs.workflows.call<Json>('GET', `/${id}/versions/${firstDone.target_version}/diff/${second.body.target_version}`, ada);
    expect(diff.status).toBe(200);
    expect(diff.body).toMatchObject({
      from: 1,
      to: 2,
      name: null,
      nodes: {
        added: [{ id: 'shout', type: 'template', config: { template: '{{last}}!' } }],
        removed: [],
        changed: [{ id: 'say', from: { config: { template: 'Hello {{input.name}}' } }, to: { config: { template: 'Hi {{input.name}}' } } }],
      },
      edges: {
        added: [
          { source: 'say', target: 'shout' },
          { source: 'shout', target: 'end' },
        ],
        removed: [{ source: 'say', target: 'end' }],
        changed: [],
      },
    });
    const same = await runs.workflows.call<Json>('GET', `/${id}/versions/1/diff/${third.body.target_version}`, ada);
    expect(same.body).toMatchObject({ nodes: { added: [], removed: [], changed: [] }, edges: { added: [], removed: [], changed: [] } });
  });
});
