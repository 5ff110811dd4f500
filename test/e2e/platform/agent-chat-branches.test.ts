import { randomUUID } from 'node:crypto';
import { Agent } from '../../../core/domain/agent/agent.entity';
import { storeAgent } from '../../support/chat-agents';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

interface BranchBody {
  id: string;
  session_id: string;
  agent_id: string | null;
  name: string;
  message_index: number;
  created_at: string;
  messages: Array<{ role: string; content: string; status: string }>;
}
interface ListBody {
  items: Array<Omit<BranchBody, 'messages'>>;
  total: number;
  page: number;
  page_size: number;
}

const UUID = /^[0-9a-f-]{36}$/;

describe('Conversation branches over HTTP', () => {
  let app: StartedApp;
  let alice: PlatformUser;
  let bob: PlatformUser;
  let agent: Agent;
  const url = (path: string) => `${app.platformUrl}/api/v1/agent-chat/${path}`;
  const chat = async (user: PlatformUser, message: string, sessionId?: string) =>
    (await request<{ session_id: string; reply: string }>('POST', url(agent.id), { token: user.token, body: { message, session_id: sessionId } })).body;
  /** A session of two turns (four messages) of `user`. */
  const conversation = async (user: PlatformUser) => {
    const first = await chat(user, 'First question');
    await chat(user, 'Second question', first.session_id);
    return first.session_id;
  };

  beforeAll(async () => {
    app = await startApp();
    alice = await signUp(app.platformUrl);
    bob = await signUp(app.platformUrl);
    agent = await storeAgent(app, alice, { status: 'deployed' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe('POST /agent-chat/branches', () => {
    it('When a session is branched at a message, Then the branch holds a copy up to it, and the parent is untouched', async () => {
      const sessionId = await conversation(alice);

      const created = await request<BranchBody>('POST', url('branches'), {
        token: alice.token,
        body: { session_id: sessionId, name: 'Retry', message_index: 1 },
      });

      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(UUID),
        session_id: sessionId,
        agent_id: agent.id,
        name: 'Retry',
        message_index: 1,
        created_at: expect.any(String),
        messages: [
          { id: expect.any(String), role: 'user', content: 'First question', status: 'complete', tool_calls: [], created_at: expect.any(String) },
          {
            id: expect.any(String),
            role: 'assistant',
            content: expect.stringContaining('offline model'),
            status: 'complete',
            tool_calls: [],
            created_at: expect.any(String),
          },
        ],
      });
      const history = await request<{ total: number }>('GET', `${app.platformUrl}/api/v1/agents/${agent.id}/preview-chat-history?session_id=${sessionId}`, {
        token: alice.token,
      });
      expect(history.body.total).toBe(4);
    });

    it('When no message index is given, Then the whole conversation is copied and the default name says where', async () => {
      const sessionId = await conversation(alice);
      const created = await request<BranchBody>('POST', url('branches'), { token: alice.token, body: { session_id: sessionId } });
      expect(created.status).toBe(201);
      expect(created.body.message_index).toBe(3);
      expect(created.body.name).toBe('Branch at message 3');
      expect(created.body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    });

    it('When the message index is out of range or not an integer, Then 422 with details', async () => {
      const sessionId = await conversation(alice);
      for (const message_index of [4, -1, 1.5]) {
        const refused = await request<{ error: string; details: Array<{ field: string }> }>('POST', url('branches'), {
          token: alice.token,
          body: { session_id: sessionId, message_index },
        });
        expect(refused.status).toBe(422);
        expect(refused.body.error).toBe('validation_error');
        expect(refused.body.details.map((d) => d.field)).toEqual([expect.stringContaining('message_index')]);
      }
    });

    it("When another user's or an unknown session is branched, Then 404; without a token, 401", async () => {
      const sessionId = await conversation(alice);
      expect((await request('POST', url('branches'), { token: bob.token, body: { session_id: sessionId } })).status).toBe(404);
      expect((await request('POST', url('branches'), { token: alice.token, body: { session_id: randomUUID() } })).status).toBe(404);
      expect((await request('POST', url('branches'), { body: { session_id: sessionId } })).status).toBe(401);
    });
  });

  describe('GET /agent-chat/branches and /agent-chat/branches/{branch_id}', () => {
    it("When branches are listed, Then only the caller's come, newest first, filtered by session and paged", async () => {
      const user = await signUp(app.platformUrl);
      const sessionId = await conversation(user);
      const other = await conversation(user);
      const older = await request<BranchBody>('POST', url('branches'), { token: user.token, body: { session_id: sessionId, message_index: 0 } });
      const newer = await request<BranchBody>('POST', url('branches'), { token: user.token, body: { session_id: sessionId } });
      await request('POST', url('branches'), { token: user.token, body: { session_id: other } });

      const all = await request<ListBody>('GET', url('branches'), { token: user.token });
      expect(all.status).toBe(200);
      expect(all.body).toMatchObject({ total: 3, page: 1, page_size: 20 });
      const filtered = await request<ListBody>('GET', url(`branches?session_id=${sessionId}`), { token: user.token });
      expect(filtered.body.total).toBe(2);
      expect(filtered.body.items.map((b) => b.id).sort()).toEqual([older.body.id, newer.body.id].sort());
      const { messages: _messages, ...olderSummary } = older.body;
      expect(filtered.body.items).toContainEqual(olderSummary);
      const paged = await request<ListBody>('GET', url(`branches?session_id=${sessionId}&page_size=1&page=2`), { token: user.token });
      expect(paged.body).toEqual({ items: [expect.objectContaining({ session_id: sessionId })], total: 2, page: 2, page_size: 1 });
      expect((await request<ListBody>('GET', url('branches'), { token: bob.token })).body.items.map((b) => b.id)).not.toContain(older.body.id);
      expect((await request('GET', url('branches?page_size=101'), { token: user.token })).status).toBe(422);
      expect((await request('GET', url('branches'))).status).toBe(401);
    });

    it("When a branch is read, Then it comes with its messages; another user's or an unknown one is 404", async () => {
      const created = await request<BranchBody>('POST', url('branches'), {
        token: alice.token,
        body: { session_id: await conversation(alice), message_index: 2 },
      });
      const read = await request<BranchBody>('GET', url(`branches/${created.body.id}`), { token: alice.token });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
      expect((await request('GET', url(`branches/${created.body.id}`), { token: bob.token })).status).toBe(404);
      expect((await request('GET', url(`branches/${randomUUID()}`), { token: alice.token })).status).toBe(404);
    });
  });

  describe('POST /agent-chat/branches/{branch_id}/resume', () => {
    it('When a branch is resumed, Then the turn answers like chat on the branch session, which grows while the parent does not', async () => {
      const sessionId = await conversation(alice);
      const branch = (await request<BranchBody>('POST', url('branches'), { token: alice.token, body: { session_id: sessionId, message_index: 1 } })).body;

      const resumed = await request<{ session_id: string; reply: string; tool_calls: unknown[]; token_usage: object }>(
        'POST',
        url(`branches/${branch.id}/resume`),
        {
          token: alice.token,
          body: { message: 'Take another path' },
        },
      );

      expect(resumed.status).toBe(200);
      expect(resumed.body).toEqual({
        session_id: branch.id,
        reply: expect.stringContaining('offline model'),
        tool_calls: [],
        token_usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
      });
      const read = await request<BranchBody>('GET', url(`branches/${branch.id}`), { token: alice.token });
      expect(read.body.messages.map((m) => m.content)).toEqual(['First question', expect.any(String), 'Take another path', expect.any(String)]);
      const parent = await request<{ total: number }>('GET', `${app.platformUrl}/api/v1/agents/${agent.id}/preview-chat-history?session_id=${sessionId}`, {
        token: alice.token,
      });
      expect(parent.body.total).toBe(4);
    });

    it("When another user's branch is resumed, Then 404; an empty message is 422", async () => {
      const branch = (await request<BranchBody>('POST', url('branches'), { token: alice.token, body: { session_id: await conversation(alice) } })).body;
      expect((await request('POST', url(`branches/${branch.id}/resume`), { token: bob.token, body: { message: 'Hi' } })).status).toBe(404);
      expect((await request('POST', url(`branches/${branch.id}/resume`), { token: alice.token, body: { message: '' } })).status).toBe(422);
    });
  });

  describe('DELETE /agent-chat/branches/{branch_id}', () => {
    it("When a branch is deleted, Then it is gone and the parent stays; another user's is 404", async () => {
      const sessionId = await conversation(alice);
      const branch = (await request<BranchBody>('POST', url('branches'), { token: alice.token, body: { session_id: sessionId } })).body;
      expect((await request('DELETE', url(`branches/${branch.id}`), { token: bob.token })).status).toBe(404);

      const deleted = await request('DELETE', url(`branches/${branch.id}`), { token: alice.token });

      expect(deleted.status).toBe(204);
      expect((await request('GET', url(`branches/${branch.id}`), { token: alice.token })).status).toBe(404);
      expect((await request('DELETE', url(`branches/${branch.id}`), { token: alice.token })).status).toBe(404);
      expect((await chat(alice, 'Still here?', sessionId)).session_id).toBe(sessionId);
    });
  });
});
