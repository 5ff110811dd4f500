import { randomUUID } from 'node:crypto';
import { ChatBranchRepository } from '../../../core/ports/chat-branch-repository.port';
import { ChatSessionRepository } from '../../../core/ports/chat-session-repository.port';
import { aChatBranch } from '../../fixtures/chat/chat-branch.mother';
import { aChatMessage } from '../../fixtures/chat/chat.mother';

export interface ChatBranchRepositoryHarness {
  branches: ChatBranchRepository;
  sessions: ChatSessionRepository;
  destroy(): Promise<void>;
}

export function describeChatBranchRepositoryContract(name: string, makeHarness: () => Promise<ChatBranchRepositoryHarness>): void {
  describe(name, () => {
    let harness: ChatBranchRepositoryHarness;
    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a branch is created with messages, Then it is found unchanged, and its session holds the copies numbered from 0', async () => {
      const branch = aChatBranch();
      const messages = [aChatMessage(), aChatMessage({ role: 'assistant', content: 'Answer', toolCalls: [{ id: 'c1', name: 'calculator' }] })];
      await harness.branches.create(branch, messages);

      expect(await harness.branches.find(branch.id)).toEqual(branch);
      expect(await harness.sessions.findSession(branch.id)).toEqual({
        id: branch.id,
        ownerId: branch.ownerId,
        agentId: branch.agentId,
        createdAt: branch.createdAt,
        updatedAt: branch.createdAt,
      });
      const { items, total } = await harness.sessions.listMessages(branch.id, 0, 10);
      expect(total).toBe(2);
      expect(items.map((m) => [m.position, m.role, m.content, m.toolCalls])).toEqual([
        [0, 'user', messages[0].content, []],
        [1, 'assistant', 'Answer', [{ id: 'c1', name: 'calculator' }]],
      ]);
      expect(await harness.branches.find(randomUUID())).toBeUndefined();
    });

    it('When a bare chat is branched, Then its agent is null', async () => {
      const branch = aChatBranch({ agentId: null });
      await harness.branches.create(branch, []);
      expect(await harness.branches.find(branch.id)).toEqual(branch);
    });

    it("When branches are listed, Then only the owner's come, newest first, filtered by parent session and paged", async () => {
      const ownerId = randomUUID();
      const parent = randomUUID();
      const older = aChatBranch({ ownerId, parentSessionId: parent, createdAt: new Date('2024-01-01T00:00:00.000Z') });
      const newer = aChatBranch({ ownerId, parentSessionId: parent, createdAt: new Date('2024-01-02T00:00:00.000Z') });
      const elsewhere = aChatBranch({ ownerId, createdAt: new Date('2024-01-03T00:00:00.000Z') });
      for (const branch of [older, newer, elsewhere, aChatBranch()]) await harness.branches.create(branch, []);

      expect(await harness.branches.list(ownerId, undefined, 0, 10)).toEqual({ items: [elsewhere, newer, older], total: 3 });
      expect(await harness.branches.list(ownerId, parent, 0, 10)).toEqual({ items: [newer, older], total: 2 });
      expect(await harness.branches.list(ownerId, parent, 1, 1)).toEqual({ items: [older], total: 2 });
    });

    it('When a branch is deleted, Then it, its session and its messages are gone; deleting it again does nothing', async () => {
      const branch = aChatBranch();
      await harness.branches.create(branch, [aChatMessage()]);
      await harness.branches.delete(branch.id);

      expect(await harness.branches.find(branch.id)).toBeUndefined();
      expect(await harness.sessions.findSession(branch.id)).toBeUndefined();
      expect((await harness.sessions.listMessages(branch.id, 0, 10)).total).toBe(0);
      await expect(harness.branches.delete(branch.id)).resolves.toBeUndefined();
    });
  });
}
