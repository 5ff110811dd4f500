import { Actor } from '../../../core/domain/auth/actor';
import { KNOWLEDGE_GATEWAY, KnowledgeGateway } from '../../../core/ports/knowledge-gateway.port';
import { KnowledgeBaseManager } from '../../../core/services/knowledge/knowledge-base-manager.service';
import { LoopbackServer, startLoopbackServer } from '../../fixtures/http/loopback-server';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { RunBody, stepOf, trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

const PAGE = `<html><head><title>Spring opening hours</title><style>body { color: red }</style></head>
<body><h1>Spring</h1><p>The shop opens from 9 to 19, Monday&nbsp;to Saturday.</p><script>track()</script></body></html>`;

/**
 * The built-in templates made into workflows over HTTP and run on the offline model: each takes the
 * branch its input calls for. (The catalogue and create-from-template: workflow-templates.test.ts.)
 */
describe('Built-in workflow templates, run over HTTP on the offline model', () => {
  let app: StartedApp;
  let runs: ReturnType<typeof workflowRuns>;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let site: LoopbackServer;
  const url = (path: string) => `${app.platformUrl}/api/v1${path}`;

  beforeAll(async () => {
    site = await startLoopbackServer((req, res) => {
      if (req.url === '/spring') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
    });
    app = await startApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1', EXECUTE_WAIT_SECONDS: '20' });
    runs = workflowRuns(app.platformUrl);
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
    await site?.close();
  });

  /** A workflow of Ada's made from the template, run with `input` (synchronously). */
  const run = async (templateId: string, input: Json): Promise<RunBody> => {
    const created = await runs.workflows.call<{ id: string }>('POST', `/templates/${templateId}/create`, ada);
    expect(created.status).toBe(201);
    const res = await runs.execute(created.body.id, ada, input);
    expect([200, 202]).toContain(res.status);
    return res.body;
  };
  const example = async (templateId: string): Promise<Json> =>
    (await runs.workflows.call<{ input_example: Json }>('GET', `/templates/${templateId}`, ada)).body.input_example;

  describe('summarize-url', () => {
    it('When the page answers, Then it is fetched, stripped to its text in the sandbox and summarised', async () => {
      const done = await run('summarize-url', { url: `${site.url}/spring` });
      expect(done).toMatchObject({ status: 'completed', output: expect.stringMatching(/^\[offline model\]/) });
      expect(trail(done)).toEqual([
        ['start', 'completed'],
        ['fetch', 'completed'],
        ['fetched', 'completed'],
        ['unreachable', 'skipped'],
        ['to_text', 'completed'],
        ['summary', 'completed'],
        ['end', 'completed'],
      ]);
      expect(stepOf(done, 'to_text').output).toEqual({ title: 'Spring opening hours', text: 'Spring The shop opens from 9 to 19, Monday to Saturday.' });
      expect(site.requests.map((r) => r.url)).toContain('/spring');
    });

    it('When the page is missing, Then the run ends at "not fetched" with its status, and nothing is summarised', async () => {
      const done = await run('summarize-url', { url: `${site.url}/gone` });
      expect(done).toMatchObject({ status: 'completed', output: `Could not fetch ${site.url}/gone: HTTP 404` });
      expect(stepOf(done, 'summary').status).toBe('skipped');
    });
  });

  describe('classify-and-route', () => {
    it('When the example complaint runs, Then the classifier labels it a complaint and only the apology branch runs', async () => {
      const done = await run('classify-and-route', await example('classify-and-route'));
      expect(done).toMatchObject({ status: 'completed', output: expect.stringMatching(/^Complaint: a draft reply/) });
      expect(stepOf(done, 'classify').output).toMatchObject({ label: 'complaint' });
      expect(
        trail(done)
          .filter(([, status]) => status === 'completed')
          .map(([node]) => node),
      ).toEqual(['start', 'classify', 'apology', 'escalated']);
      expect(
        trail(done)
          .filter(([, status]) => status === 'skipped')
          .map(([node]) => node)
          .sort(),
      ).toEqual(['acknowledged', 'answer', 'answered', 'thanks']);
    });

    it('When a question comes, Then the question branch answers it', async () => {
      const done = await run('classify-and-route', { message: 'How do I change the delivery address of my order, and where is the price list?' });
      expect(stepOf(done, 'classify').output).toMatchObject({ label: 'question' });
      expect(stepOf(done, 'answered').status).toBe('completed');
      expect(stepOf(done, 'apology').status).toBe('skipped');
    });
  });

  describe('extract-to-json', () => {
    it('When the example invoice runs, Then the extractor answers an object matching the schema', async () => {
      const done = await run('extract-to-json', await example('extract-to-json'));
      expect(done.status).toBe('completed');
      expect(done.output).toEqual(expect.objectContaining({ invoice_number: expect.any(String), supplier: expect.any(String), total: expect.any(Number) }));
      expect(trail(done)).toEqual([
        ['start', 'completed'],
        ['extract', 'completed'],
        ['end', 'completed'],
      ]);
    });
  });

  describe('rag-answer', () => {
    const baseOf = async (user: PlatformUser, content: string): Promise<string> => {
      const actor: Actor = { userId: user.id, role: 'user' };
      const { container } = app.services.app;
      const base = await container.get(KnowledgeBaseManager).create(actor, { name: 'Policies' });
      await container.get<KnowledgeGateway>(KNOWLEDGE_GATEWAY).addDocument(actor, { knowledgeBaseId: base.id, title: 'refunds.md', content });
      return base.id;
    };

    it('When the base holds a matching passage, Then it is retrieved and the answer is drafted from it', async () => {
      const baseId = await baseOf(ada, 'Refunds: damaged goods are refunded in full within 30 days of delivery.');
      const done = await run('rag-answer', { question: 'Are damaged goods refunded?', knowledge_base_id: baseId });
      expect(done).toMatchObject({ status: 'completed', output: { answer: expect.stringMatching(/^\[offline model\]/) } });
      expect(stepOf(done, 'retrieve').output).toMatchObject({
        results: [expect.objectContaining({ knowledge_base_id: baseId, title: 'refunds.md', content: expect.stringContaining('damaged goods') })],
        context: expect.stringContaining('refunded in full'),
      });
      expect(trail(done).map(([node]) => node)).toEqual(['start', 'retrieve', 'found', 'nothing', 'draft', 'answer', 'end']);
      expect(stepOf(done, 'nothing').status).toBe('skipped');
    });

    it("When the base is another user's, Then the run fails at retrieval with knowledge_base.not_found", async () => {
      const theirs = await baseOf(bob, 'Secret pricing notes.');
      const done = await run('rag-answer', { question: 'What are the prices?', knowledge_base_id: theirs });
      expect(done).toMatchObject({ status: 'failed', error: { code: 'knowledge_base.not_found' } });
    });

    it('When no base is named, Then nothing is searched and the run says it found nothing', async () => {
      const done = await run('rag-answer', { question: 'Anything?' });
      expect(done).toMatchObject({ status: 'completed', output: { answer: 'Your knowledge base holds nothing about: Anything?' } });
    });
  });

  describe('approval-flow', () => {
    const parkedRun = async (): Promise<{ run: RunBody; approvalId: string }> => {
      const parked = await run('approval-flow', await example('approval-flow'));
      expect(parked.status).toBe('paused');
      const approval = await eventually(async () => {
        const page = await request<{ items: Array<{ id: string; execution_id: string; prompt: string }> }>('GET', url('/approval/pending'), {
          token: ada.token,
        });
        return page.body.items.find((item) => item.execution_id === parked.id);
      });
      expect(approval.prompt).toMatch(/^Publish this draft as spring-hours\.md\?\n\n\[offline model\]/);
      return { run: parked, approvalId: approval.id };
    };
    const decide = (id: string, body: Json) => request('POST', url(`/approval/${id}/decision`), { token: ada.token, body });

    it('When the draft is approved, Then it is published to the workspace as Markdown', async () => {
      const { run, approvalId } = await parkedRun();
      expect((await decide(approvalId, { decision: 'approve' })).status).toBe(200);
      const done = await runs.finished(run.id, ada);
      expect(done).toMatchObject({ status: 'completed', output: 'Published to published/spring-hours.md' });
      expect(stepOf(done, 'revise').status).toBe('skipped');
      const file = await request<{ text: string }>('GET', url('/uploads/preview?path=published/spring-hours.md'), { token: ada.token });
      expect(file.status).toBe(200);
      expect(file.body.text).toBe(`${stepOf(done, 'draft').output as string}\n`);
    });

    it('When the draft is rejected, Then the model revises it with the comment and nothing is published', async () => {
      const { run, approvalId } = await parkedRun();
      expect((await decide(approvalId, { decision: 'reject', comment: 'Mention Sundays are closed.' })).status).toBe(200);
      const done = await runs.finished(run.id, ada);
      expect(done).toMatchObject({ status: 'completed', output: expect.stringMatching(/^\[offline model\]/) });
      expect(
        trail(done)
          .filter(([, status]) => status === 'skipped')
          .map(([node]) => node)
          .sort(),
      ).toEqual(['publish', 'published']);
    });
  });

  describe('the tool-based templates', () => {
    it.each(['sentiment-alert', 'meeting-notes', 'extract-contacts', 'draft-review-revise'])(
      'When %s runs on its example input, Then every node that ran completed and the run completed',
      async (templateId) => {
        const done = await run(templateId, await example(templateId));
        expect(done).toMatchObject({ status: 'completed', success: true, error: null });
        expect(trail(done).filter(([, status]) => status === 'failed')).toEqual([]);
        expect(done.output).not.toBeNull();
      },
    );
  });
});
