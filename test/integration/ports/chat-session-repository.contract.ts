import { randomUUID } from 'node:crypto';
import { ChatSessionRepository } from '../../../core/ports/chat-session-repository.port';
import { aChatMessage, aChatSession } from '../../fixtures/chat/chat.mother';

export interface ChatSessionRepositoryHarness {
  sessions: ChatSessionRepository;
  destroy(): Promise<void>;
}

export function describeChatSessionRepositoryContract(name: string, makeHarness: () => Promise<ChatSessionRepositoryHarness>): void {
  describe(name, () => {
    let harness: ChatSessionRepositoryHarness;
    const sessions = () => harness.sessions;
    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When sessions are created, Then each is found unchanged, a bare one with a null agent; an unknown id is undefined', async () => {
      const withAgent = aChatSession();
      const bare = aChatSession({ agentId: null });
      for (const session of [withAgent, bare]) await sessions().createSession(session);
      expect(await sessions().findSession(withAgent.id)).toEqual(withAgent);
      expect(await sessions().findSession(bare.id)).toEqual(bare);
      expect(await sessions().findSession(randomUUID())).toBeUndefined();
    });

    it('When messages are appended in turns, Then they are numbered in order, listed oldest first, and the session is touched', async () => {
      const session = aChatSession();
      await sessions().createSession(session);
      const user = aChatMessage();
      const assistant = aChatMessage({
        role: 'assistant',
        content: 'It is 5.',
        toolCalls: [{ id: 'call_1', name: 'calculator', arguments: { expression: '2+3' }, success: true }],
      });
      const later = aChatMessage({ content: 'And 4 + 4?', runId: null });
      const cut = aChatMessage({ role: 'assistant', content: 'It is', status: 'cancelled' });
      await sessions().appendMessages(session.id, [user, assistant], new Date('2024-05-06T08:00:00.000Z'));
      await sessions().appendMessages(session.id, [later, cut], new Date('2024-05-06T09:00:00.000Z'));

      const page = await sessions().listMessages(session.id, 0, 10);
      expect(page.total).toBe(4);
      expect(page.items).toEqual([user, assistant, later, cut].map((m, position) => ({ ...m, sessionId: session.id, position })));
      expect((await sessions().listMessages(session.id, 1, 2)).items.map((m) => m.position)).toEqual([1, 2]);
      expect((await sessions().recentMessages(session.id, 3)).map((m) => m.position)).toEqual([1, 2, 3]);
      expect(await sessions().recentMessages(session.id, 0)).toEqual([]);
      expect((await sessions().findSession(session.id))?.updatedAt).toEqual(new Date('2024-05-06T09:00:00.000Z'));
    });

    it('When turns of one session are appended at once, Then every message gets its own position', async () => {
      const session = aChatSession();
      await sessions().createSession(session);
      await Promise.all(
        Array.from({ length: 6 }, () => sessions().appendMessages(session.id, [aChatMessage(), aChatMessage({ role: 'assistant' })], new Date())),
      );
      const { items } = await sessions().listMessages(session.id, 0, 100);
      expect(items.map((m) => m.position)).toEqual(Array.from({ length: 12 }, (_, i) => i));
    });

    it("When the latest session is asked for, Then it is the owner's most recently updated one with that agent (or bare)", async () => {
      const ownerId = randomUUID();
      const agentId = randomUUID();
      const older = aChatSession({ ownerId, agentId });
      const newer = aChatSession({ ownerId, agentId, updatedAt: new Date('2025-01-01T00:00:00.000Z') });
      const bare = aChatSession({ ownerId, agentId: null });
      const someoneElse = aChatSession({ agentId, updatedAt: new Date('2026-01-01T00:00:00.000Z') });
      for (const session of [older, newer, bare, someoneElse]) await sessions().createSession(session);

      expect(await sessions().latestSession(ownerId, agentId)).toEqual(newer);
      expect(await sessions().latestSession(ownerId, null)).toEqual(bare);
      expect(await sessions().latestSession(ownerId, randomUUID())).toBeUndefined();
    });
  });
}
