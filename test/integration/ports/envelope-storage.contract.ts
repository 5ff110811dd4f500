import { randomUUID } from 'node:crypto';
import { EnvelopeEmailTakenError } from '../../../core/domain/envelope/envelope.errors';
import { EnvelopeAgent, NewEnvelopeAgent } from '../../../core/domain/envelope/envelope-agent.entity';
import { EnvelopeUser } from '../../../core/domain/envelope/envelope-user.entity';
import { EnvelopeAgentRepository } from '../../../core/ports/envelope-agent-repository.port';
import { EnvelopeConversationRepository } from '../../../core/ports/envelope-conversation-repository.port';
import { EnvelopeRefreshTokenRepository } from '../../../core/ports/envelope-refresh-token-repository.port';
import { EnvelopeUserRepository } from '../../../core/ports/envelope-user-repository.port';
import { EnvelopeKnowledgeRepository } from '../../../core/ports/envelope-knowledge-repository.port';
import { ExpiredStateSweeper } from '../../../core/ports/expired-state-sweeper.port';
import { KnowledgeBaseRepository } from '../../../core/ports/knowledge-base-repository.port';
import { KnowledgeDocumentRepository } from '../../../core/ports/knowledge-document-repository.port';
import { aKnowledgeBase, aKnowledgeDocument } from '../../fixtures/knowledge/knowledge.mother';

export interface EnvelopeStorageHarness {
  users: EnvelopeUserRepository;
  refreshTokens: EnvelopeRefreshTokenRepository & ExpiredStateSweeper;
  agents: EnvelopeAgentRepository;
  conversations: EnvelopeConversationRepository;
  knowledge: EnvelopeKnowledgeRepository;
  knowledgeBases: KnowledgeBaseRepository;
  knowledgeDocuments: KnowledgeDocumentRepository;
  destroy(): Promise<void>;
}

const at = (iso: string) => new Date(iso);

/** The envelope contract's tables behind their ports: integer ids, one-time refresh tokens, cascades. */
export function describeEnvelopeStorageContract(name: string, makeHarness: () => Promise<EnvelopeStorageHarness>): void {
  describe(name, () => {
    let harness: EnvelopeStorageHarness;
    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    const aUser = (email = `${randomUUID()}@example.com`): Promise<EnvelopeUser> =>
      harness.users.create({ email, nickname: 'Nick', avatar: '', passwordHash: 'hash', createdAt: at('2026-01-02T03:04:05.678Z') });

    const anAgent = (ownerId: number, extra: Partial<NewEnvelopeAgent> = {}): Promise<EnvelopeAgent> =>
      harness.agents.create({
        ownerId,
        name: 'Helper',
        description: 'Helps',
        promptTemplate: 'You help.',
        modelConfig: { provider: 'openai', modelName: 'gpt-test', temperature: 0.7, maxTokens: 2048 },
        createdAt: at('2026-01-02T03:04:05.678Z'),
        updatedAt: at('2026-01-02T03:04:05.678Z'),
        ...extra,
      });

    it('When users are created, Then the database gives them ascending integer ids, they read back unchanged, and a taken e-mail is refused', async () => {
      const first = await aUser();
      const second = await aUser();
      expect(Number.isInteger(first.id)).toBe(true);
      expect(second.id).toBeGreaterThan(first.id);
      expect(await harness.users.findById(first.id)).toEqual(first);
      expect(await harness.users.findByEmail(first.email.toUpperCase())).toEqual(first);
      expect(await harness.users.findById(999_999)).toBeNull();
      await expect(aUser(first.email)).rejects.toBeInstanceOf(EnvelopeEmailTakenError);
    });

    it('When a refresh token is used, Then it works once, not after expiry, and never once its family is revoked', async () => {
      const user = await aUser();
      const familyId = randomUUID();
      const now = at('2026-01-01T00:00:00.000Z');
      const first = { jti: randomUUID(), familyId, userId: user.id, expiresAt: at('2026-01-08T00:00:00.000Z'), createdAt: now };
      await harness.refreshTokens.save(first, true);
      expect(await harness.refreshTokens.find(first.jti)).toEqual(first);
      expect(await harness.refreshTokens.use(first.jti, at('2026-01-08T00:00:00.001Z'))).toBe(false);
      expect(await harness.refreshTokens.use(first.jti, now)).toBe(true);
      expect(await harness.refreshTokens.use(first.jti, now)).toBe(false);

      const next = { ...first, jti: randomUUID() };
      await harness.refreshTokens.save(next, false);
      await harness.refreshTokens.revokeFamily(familyId);
      expect(await harness.refreshTokens.use(next.jti, now)).toBe(false);
      const later = { ...first, jti: randomUUID() };
      await harness.refreshTokens.save(later, false);
      expect(await harness.refreshTokens.use(later.jti, now)).toBe(false);
      expect(await harness.refreshTokens.find(randomUUID())).toBeNull();
    });

    it('When five callers use one refresh token at once, Then exactly one succeeds', async () => {
      const user = await aUser();
      const token = {
        jti: randomUUID(),
        familyId: randomUUID(),
        userId: user.id,
        expiresAt: at('2030-01-01T00:00:00.000Z'),
        createdAt: at('2026-01-01T00:00:00.000Z'),
      };
      await harness.refreshTokens.save(token, true);
      const outcomes = await Promise.all(Array.from({ length: 5 }, () => harness.refreshTokens.use(token.jti, at('2026-01-01T00:00:00.000Z'))));
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    });

    it('When expired refresh tokens are swept, Then they are gone and unexpired ones stay usable', async () => {
      const user = await aUser();
      const created = at('2026-01-01T00:00:00.000Z');
      const expired = { jti: randomUUID(), familyId: randomUUID(), userId: user.id, expiresAt: at('2026-01-02T00:00:00.000Z'), createdAt: created };
      const alive = { jti: randomUUID(), familyId: randomUUID(), userId: user.id, expiresAt: at('2026-02-01T00:00:00.000Z'), createdAt: created };
      await harness.refreshTokens.save(expired, true);
      await harness.refreshTokens.save(alive, true);
      const now = at('2026-01-03T00:00:00.000Z');
      expect(await harness.refreshTokens.sweepExpired(now)).toBeGreaterThanOrEqual(1);
      expect(await harness.refreshTokens.find(expired.jti)).toBeNull();
      expect(await harness.refreshTokens.use(alive.jti, now)).toBe(true);
      await harness.refreshTokens.save({ ...alive, jti: randomUUID() }, false);
    });

    it('When agents are created, listed, updated and deleted, Then the owner sees only theirs, oldest first, paged', async () => {
      const owner = await aUser();
      const other = await aUser();
      const agents = [await anAgent(owner.id, { name: 'A' }), await anAgent(owner.id, { name: 'B' }), await anAgent(owner.id, { name: 'C' })];
      await anAgent(other.id);
      expect(agents[1].id).toBeGreaterThan(agents[0].id);
      expect(await harness.agents.findById(agents[0].id)).toEqual(agents[0]);

      const page = await harness.agents.listByOwner(owner.id, { page: 2, pageSize: 2 });
      expect(page).toEqual({ items: [agents[2]], total: 3, page: 2, pageSize: 2 });

      const updated = {
        ...agents[0],
        name: 'A2',
        modelConfig: { ...agents[0].modelConfig, provider: 'local' as const },
        updatedAt: at('2026-02-01T00:00:00.000Z'),
      };
      await harness.agents.update(updated);
      expect(await harness.agents.findById(agents[0].id)).toEqual(updated);

      await harness.agents.delete(agents[0].id);
      expect(await harness.agents.findById(agents[0].id)).toBeNull();
      expect((await harness.agents.listByOwner(owner.id, { page: 1, pageSize: 20 })).total).toBe(2);
    });

    it('When messages are appended, Then they list oldest first, paged, the recent ones come last, and deleting the agent deletes them', async () => {
      const owner = await aUser();
      const agent = await anAgent(owner.id);
      const created = at('2026-01-02T03:04:05.678Z');
      const conversation = await harness.conversations.create({ ownerId: owner.id, agentId: agent.id, title: 'Chat', createdAt: created, updatedAt: created });
      expect(await harness.conversations.findById(conversation.id)).toEqual(conversation);
      const long = 'x'.repeat(70_000);
      const touched = at('2026-01-03T00:00:00.000Z');
      await harness.conversations.appendMessages(
        conversation.id,
        [
          { role: 'user', content: 'Hello', createdAt: touched },
          { role: 'assistant', content: long, createdAt: touched },
        ],
        touched,
      );
      await harness.conversations.appendMessages(
        conversation.id,
        [
          { role: 'user', content: 'Again', createdAt: touched },
          { role: 'assistant', content: 'Hi', createdAt: touched },
        ],
        touched,
      );

      const all = await harness.conversations.listMessages(conversation.id, { page: 1, pageSize: 20 });
      expect(all.total).toBe(4);
      expect(all.items.map((m) => [m.role, m.content.length])).toEqual([
        ['user', 5],
        ['assistant', 70_000],
        ['user', 5],
        ['assistant', 2],
      ]);
      expect(all.items[0]).toEqual({ id: expect.any(Number), conversationId: conversation.id, role: 'user', content: 'Hello', createdAt: touched });
      expect((await harness.conversations.listMessages(conversation.id, { page: 2, pageSize: 3 })).items.map((m) => m.content)).toEqual(['Hi']);
      expect((await harness.conversations.recentMessages(conversation.id, 2)).map((m) => m.content)).toEqual(['Again', 'Hi']);
      expect((await harness.conversations.findById(conversation.id))?.updatedAt).toEqual(touched);

      await harness.agents.delete(agent.id);
      expect(await harness.conversations.findById(conversation.id)).toBeNull();
      expect((await harness.conversations.listMessages(conversation.id, { page: 1, pageSize: 20 })).total).toBe(0);
    });

    it('When an agent gets a knowledge base and documents, Then each link reads back with ascending integer ids, a second base is refused, and deleting the agent or the document removes the links', async () => {
      const owner = await aUser();
      const agent = await anAgent(owner.id);
      const principal = `envelope-user-${owner.id}`;
      const base = aKnowledgeBase({ ownerId: principal });
      await harness.knowledgeBases.create(base);
      const other = aKnowledgeBase({ ownerId: principal });
      await harness.knowledgeBases.create(other);
      expect(await harness.knowledge.baseOf(agent.id)).toBeNull();
      expect(await harness.knowledge.linkBase(agent.id, base.id)).toBe(true);
      expect(await harness.knowledge.linkBase(agent.id, other.id)).toBe(false);
      expect(await harness.knowledge.baseOf(agent.id)).toBe(base.id);

      const [first, second] = [
        aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId: principal }),
        aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId: principal }),
      ];
      for (const document of [first, second]) await harness.knowledgeDocuments.create(document, []);
      const a = await harness.knowledge.addDocument({ agentId: agent.id, knowledgeDocumentId: first.id, filename: 'a.pdf' }, at('2026-01-02T03:04:05.678Z'));
      const b = await harness.knowledge.addDocument({ agentId: agent.id, knowledgeDocumentId: second.id, filename: 'b.md' }, at('2026-01-02T03:04:05.678Z'));
      expect(Number.isInteger(a.id) && b.id > a.id).toBe(true);
      expect((await harness.knowledge.documentsOf([second.id, first.id, 'unknown'])).sort((x, y) => x.id - y.id)).toEqual([a, b]);

      await harness.knowledgeDocuments.delete(first.id);
      expect(await harness.knowledge.documentsOf([first.id, second.id])).toEqual([b]);
      await harness.agents.delete(agent.id);
      expect(await harness.knowledge.baseOf(agent.id)).toBeNull();
      expect(await harness.knowledge.documentsOf([second.id])).toEqual([]);
    });
  });
}
