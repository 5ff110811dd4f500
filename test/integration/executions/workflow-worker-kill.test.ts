import { randomUUID } from 'node:crypto';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { ProcessIdentity } from '../../../core/services/executions/process-identity';
import { LoopbackServer, startLoopbackServer } from '../../fixtures/http/loopback-server';
import { request } from '../../support/http-client';
import { describeWithEnv } from '../../support/infrastructure';
import { PlatformUser } from '../../support/platform-user';
import { StartedApp } from '../../support/started-app';
import { startWorkerKillBed, WorkerKillBed } from '../../support/worker-kill-bed';
import { WorkerFleet } from '../../support/worker-process';
import { Json, workflowsApi } from '../../support/workflows-api';
import { isRefusal, openSocket, WsMessage } from '../../support/ws-client';

/** A worker started from the sources transpiles them first: allow for a slow, busy machine. */
const WORKER_BOOT_MS = 90_000;
const NODES = Array.from({ length: 10 }, (_, index) => `node_${index + 1}`);
/** The node in flight when its worker is killed. */
const HELD = 'node_5';

interface ExecutionBody {
  id: string;
  status: string;
  success: boolean | null;
  attempt: number;
  output: unknown;
  steps: Array<{ node_id: string; status: string }>;
}

/**
 * start → ten http nodes → end. Each node posts the token the node before it got to
 * `/nodes/<its id>`, so the server sees every run of every node and what each one was handed.
 */
function tenNodeWorkflow(serverUrl: string): Json {
  const work = NODES.map((id, index) => ({
    id,
    type: 'http',
    config: {
      method: 'POST',
      url: `${serverUrl}/nodes/${id}`,
      body: { after: index === 0 ? '{{input.word}}' : `{{${NODES[index - 1]}.output.body.token}}` },
      timeout_ms: 30_000,
    },
  }));
  const chain = ['start', ...NODES, 'end'];
  return {
    name: `Ten nodes ${randomUUID().slice(0, 8)}`,
    nodes: [{ id: 'start', type: 'start' }, ...work, { id: 'end', type: 'end', config: { output: `{{${NODES[9]}.output.body.token}}` } }],
    edges: chain.slice(1).map((target, index) => ({ source: chain[index], target })),
  };
}

/**
 * Real processes end to end, as for an agent's run (execution-worker-kill.test.ts): the API in
 * this process, `bin/worker` children, RabbitMQ between them and MariaDB shared by all. A
 * ten-node workflow run's worker is SIGKILLed while node 5 is waiting on the server; a second
 * worker takes the reclaimed run over and continues from the run state stored after node 4.
 * Completed nodes run exactly once; the node in flight runs again (at least once for it: its
 * first run never reached a checkpoint). A WebSocket on the API process follows it all.
 */
describeWithEnv('AMQP_URL', 'A workflow run whose bin/worker is killed mid-run', (amqpUrl) => {
  describeWithEnv('DATABASE_URL', 'on RabbitMQ with MariaDB shared by the API and the workers', () => {
    let nodeServer: LoopbackServer;
    let bed: WorkerKillBed;
    let fleet: WorkerFleet;
    let app: StartedApp;
    let ada: PlatformUser;

    beforeAll(async () => {
      // Answers each node with a token naming the node and its call count; node 5's first call never gets an answer.
      nodeServer = await startLoopbackServer((req, res) => {
        const node = (req.url ?? '').replace('/nodes/', '');
        if (node === HELD && callsTo(node).length === 1) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ token: `${node}#${callsTo(node).length}` }));
      });
      bed = await startWorkerKillBed(amqpUrl, 'wfkill', { EGRESS_ALLOW_HOSTS: '127.0.0.1' });
      ({ app, fleet, user: ada } = bed);
    }, WORKER_BOOT_MS);

    afterAll(async () => {
      await bed?.stop();
      await nodeServer?.close();
    });

    const callsTo = (node: string) => nodeServer.requests.filter((call) => call.url === `/nodes/${node}`);
    const bodiesOf = (node: string) => callsTo(node).map((call) => JSON.parse(call.body) as unknown);
    const stored = (id: string) => app.services.app.container.get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(id);
    const execution = (id: string) => request<ExecutionBody>('GET', `${app.platformUrl}/api/v1/executions/${id}`, { token: ada.token });
    const stepsWhere = (messages: WsMessage[], field: 'phase' | 'status', value: string) =>
      messages
        .filter((message) => message.type === 'step' && (message.detail as Record<string, unknown> | undefined)?.[field] === value)
        .map((message) => message.name);
    /** The node ids of the `step … phase: started` events, in order. */
    const nodesStarted = (messages: WsMessage[]) => stepsWhere(messages, 'phase', 'started');

    it(
      'When the worker is SIGKILLed while node 5 of 10 is in flight, Then a second worker resumes the run as attempt 2: nodes 1–4 are not run again, node 5 is, and the API’s socket sees both workers’ node events and the end',
      async () => {
        const workflow = await workflowsApi(app.platformUrl).create(ada, tenNodeWorkflow(nodeServer.url));
        const started = await request<ExecutionBody>('POST', `${app.platformUrl}/api/v1/workflows/${workflow.id}/execute`, {
          token: ada.token,
          body: { input: { word: 'go' }, async: true },
        });
        expect({ status: started.status, record: started.body.status }).toEqual({ status: 202, record: 'pending' });
        const socket = await openSocket(`${app.platformUrl.replace('http', 'ws')}/api/v1/ws/executions/${started.body.id}`, {
          authorization: `Bearer ${ada.token}`,
        });
        if (isRefusal(socket)) throw new Error(`refused with ${socket.status}`);

        const doomed = fleet.start();
        // Node 5 is waiting on the server, and its start has reached the socket on the API process.
        await doomed.until(async () => (callsTo(HELD).length === 1 && nodesStarted(socket.messages).includes(HELD) ? true : undefined), WORKER_BOOT_MS);
        const running = await execution(started.body.id);
        expect(running.body).toMatchObject({ status: 'running', attempt: 1 });
        expect(running.body.steps.map((step) => step.node_id)).toEqual(['start', ...NODES.slice(0, 4)]);
        const firstLease = (await stored(started.body.id))?.lease;
        expect(firstLease?.owner).not.toBe(app.services.app.container.get(ProcessIdentity).id);

        await doomed.kill('SIGKILL');
        // Killed, not stopped: the record is still `running` under the dead worker's lease.
        expect(await stored(started.body.id)).toMatchObject({ status: 'running', attempt: 1, lease: { owner: firstLease?.owner } });
        expect(nodesStarted(socket.messages)).toEqual(['start', ...NODES.slice(0, 5)]);

        const survivor = fleet.start();
        const done = await survivor.until(async () => {
          const current = await execution(started.body.id);
          return current.body.status === 'completed' ? current.body : undefined;
        }, WORKER_BOOT_MS);
        expect(done).toMatchObject({ success: true, attempt: 2, output: 'node_10#1' });
        expect(await stored(started.body.id)).toMatchObject({ status: 'completed', lease: null });
        expect(done.steps.map((step) => [step.node_id, step.status])).toEqual(['start', ...NODES, 'end'].map((id) => [id, 'completed']));

        // Seen from the server: every completed node ran once; node 5, in flight when its worker died, ran again.
        expect(NODES.map((node) => [node, callsTo(node).length])).toEqual(NODES.map((node) => [node, node === HELD ? 2 : 1]));
        // The second worker handed node 5 what node 4 had answered the first: its output came from the stored run state.
        expect(bodiesOf(HELD)).toEqual([{ after: 'node_4#1' }, { after: 'node_4#1' }]);
        expect(bodiesOf('node_6')).toEqual([{ after: 'node_5#2' }]);

        expect(await socket.closed).toBe(1000);
        const seqs = socket.messages.map((message) => message.seq);
        expect(seqs).toEqual(seqs.map((_, index) => index + 1));
        // The second worker's first event is its `running`: everything before it came from the first worker.
        const runs = socket.messages.flatMap((message, index) => (message.type === 'status' && message.status === 'running' ? [index] : []));
        expect(runs).toHaveLength(2);
        expect(nodesStarted(socket.messages.slice(0, runs[1]))).toEqual(['start', ...NODES.slice(0, 5)]);
        expect(nodesStarted(socket.messages.slice(runs[1]))).toEqual([...NODES.slice(4), 'end']);
        // Each node's recorded step reached the socket once, whichever worker stored it.
        expect(stepsWhere(socket.messages, 'status', 'completed')).toEqual(['start', ...NODES, 'end']);
        expect(socket.messages.slice(-2)).toEqual([
          { seq: seqs.length - 1, type: 'status', status: 'completed' },
          { seq: seqs.length, type: 'done', token_usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 } },
        ]);
      },
      3 * WORKER_BOOT_MS,
    );
  });
});
