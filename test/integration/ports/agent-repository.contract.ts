import { randomUUID } from 'node:crypto';
import { AgentNotFoundError } from '../../../core/domain/agent/agent.errors';
import { Agent } from '../../../core/domain/agent/agent.entity';
import { AgentVersion } from '../../../core/domain/agent/agent-version';
import { versionOf as versionAt } from '../../../core/domain/agent/new-agent';
import { AgentRepository } from '../../../core/ports/agent-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { describeAgentListingContract } from './agent-repository-listing.contract';

export interface AgentRepositoryHarness {
  agents: AgentRepository;
  destroy(): Promise<void>;
}

export function describeAgentRepositoryContract(name: string, makeHarness: () => Promise<AgentRepositoryHarness>): void {
  describe(name, () => {
    let harness: AgentRepositoryHarness;
    const repository = (): AgentRepository => harness.agents;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When an agent is created, Then it is found by id with every field unchanged', async () => {
      const agent = anAgent();
      await repository().create(agent);
      await repository().create(anAgent({ ownerId: agent.ownerId }));
      expect(await repository().findById(agent.id)).toEqual(agent);
    });

    it('When an agent has empty and edge values, Then they come back as written', async () => {
      const agent = anAgent({
        description: '',
        systemPrompt: '',
        includeTools: [],
        workflowConfig: {},
        modelConfig: { provider: 'offline', modelName: '', temperature: 0 },
        status: 'deployed',
        isMainAgent: true,
        iterationLimit: 50,
        version: 12,
      });
      await repository().create(agent);
      expect(await repository().findById(agent.id)).toEqual(agent);
    });

    it('When an agent has times at the ends of the supported years and of a second, Then they come back to the millisecond', async () => {
      for (const [createdAt, updatedAt] of [
        ['1000-03-04T05:06:07.089Z', '1999-12-31T23:59:59.999Z'],
        ['2024-02-29T00:00:00.001Z', '9999-12-31T23:59:59.000Z'],
      ]) {
        const agent = anAgent({ createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) });
        await repository().create(agent);
        const found = await repository().findById(agent.id);
        expect([found?.createdAt.toISOString(), found?.updatedAt.toISOString()]).toEqual([createdAt, updatedAt]);
      }
    });

    it('When no agent has the id, Then findById answers undefined', async () => {
      expect(await repository().findById(randomUUID())).toBeUndefined();
    });

    it('When an agent is updated, Then every field changes but its owner and creation time', async () => {
      const agent = anAgent();
      await repository().create(agent);
      const changed = anAgent({
        id: agent.id,
        ownerId: randomUUID(),
        createdAt: new Date('2030-01-01T00:00:00.000Z'),
        name: 'Renamed',
        description: 'New description',
        systemPrompt: 'New prompt',
        modelConfig: { provider: 'anthropic', modelName: 'claude-3-5-haiku-latest', temperature: 1.5 },
        iterationLimit: 3,
        includeTools: ['json_parse'],
        workflowConfig: { nodes: [{ id: 'start', type: 'start', label: 'Go' }], edges: [] },
        status: 'stopped',
        version: 2,
        isMainAgent: true,
        updatedAt: new Date('2024-06-01T10:11:12.345Z'),
      });
      await repository().update(changed);
      expect(await repository().findById(agent.id)).toEqual({ ...changed, ownerId: agent.ownerId, createdAt: agent.createdAt });
    });

    it('When an agent has run settings, Then they read back as written, and an update without them clears them', async () => {
      const runSettings = { maxLlmCalls: 40, maxTotalTokens: 150_000, knowledgeBaseIds: [randomUUID(), randomUUID()], selfReview: true };
      const agent = anAgent(runSettings);
      await repository().create(agent);
      expect(await repository().findById(agent.id)).toEqual(agent);

      const plain = anAgent({ id: agent.id, ownerId: agent.ownerId, createdAt: agent.createdAt });
      await repository().update(plain);
      expect(await repository().findById(agent.id)).toEqual(plain);

      const version = versionOf({ ...agent, knowledgeBaseIds: [], selfReview: false }, 1);
      await repository().addVersion(version);
      expect(await repository().findVersion(agent.id, 1)).toEqual(version);
    });

    it('When an update writes the values already stored, Then it succeeds', async () => {
      const agent = anAgent();
      await repository().create(agent);
      await expect(repository().update(agent)).resolves.toBeUndefined();
      expect(await repository().findById(agent.id)).toEqual(agent);
    });

    it('When an update names no stored agent, Then it throws AgentNotFoundError and stores nothing', async () => {
      const ghost = anAgent();
      await expect(repository().update(ghost)).rejects.toBeInstanceOf(AgentNotFoundError);
      expect(await repository().findById(ghost.id)).toBeUndefined();
    });

    it('When an agent with an existing id is created, Then it fails and the first one stays', async () => {
      const agent = anAgent();
      await repository().create(agent);
      await expect(repository().create(anAgent({ id: agent.id, name: 'Impostor' }))).rejects.toThrow();
      expect((await repository().findById(agent.id))?.name).toBe(agent.name);
    });

    it('When a model configuration id is set, Then it is stored with the model configuration', async () => {
      const agent = anAgent({ modelConfig: { provider: 'openai', modelName: 'gpt-4o', temperature: 1, modelConfigId: randomUUID() } });
      await repository().create(agent);
      expect(await repository().findById(agent.id)).toEqual(agent);
    });

    describe('conditional writes', () => {
      it('When an update expects the stored version and status, Then it writes all but the owner, creation time and main flag', async () => {
        const agent = anAgent({ isMainAgent: true });
        await repository().create(agent);
        const next = anAgent({
          ...agent,
          name: 'Next',
          version: 2,
          status: 'deployed',
          isMainAgent: false,
          ownerId: randomUUID(),
          updatedAt: new Date('2025-01-01T00:00:00.000Z'),
        });
        expect(await repository().updateIfCurrent(next, { version: 1, status: 'draft' })).toBe(true);
        expect(await repository().findById(agent.id)).toEqual({ ...next, ownerId: agent.ownerId, isMainAgent: true, createdAt: agent.createdAt });
      });

      it.each([
        ['another version', { version: 2, status: 'draft' as const }],
        ['another status', { version: 1, status: 'deployed' as const }],
      ])('When an update expects %s than stored, Then it answers false and changes nothing', async (_what, expected) => {
        const agent = anAgent();
        await repository().create(agent);
        expect(await repository().updateIfCurrent({ ...agent, name: 'Lost', version: 2 }, expected)).toBe(false);
        expect(await repository().findById(agent.id)).toEqual(agent);
      });

      it('When an update or a delete names no stored agent, Then it answers false', async () => {
        const ghost = anAgent();
        expect(await repository().updateIfCurrent(ghost, ghost)).toBe(false);
        expect(await repository().deleteIfStatus(ghost.id, 'draft')).toBe(false);
      });

      it('When a delete expects another status than stored, Then it answers false and the agent stays', async () => {
        const agent = anAgent({ status: 'deployed' });
        await repository().create(agent);
        expect(await repository().deleteIfStatus(agent.id, 'draft')).toBe(false);
        expect(await repository().findById(agent.id)).toEqual(agent);
      });

      it('When an agent is deleted, Then it and its versions are gone', async () => {
        const agent = anAgent();
        await repository().create(agent);
        await repository().addVersion(versionOf(agent, 1));
        expect(await repository().deleteIfStatus(agent.id, 'draft')).toBe(true);
        expect(await repository().findById(agent.id)).toBeUndefined();
        expect(await repository().findVersion(agent.id, 1)).toBeUndefined();
      });
    });

    describe('versions', () => {
      it('When versions are added, Then each reads back as written, and an unknown one is undefined', async () => {
        const agent = anAgent();
        await repository().create(agent);
        const first = versionOf(agent, 1);
        const second = versionOf({ ...agent, name: 'Second', includeTools: [], modelConfig: { ...agent.modelConfig, modelConfigId: randomUUID() } }, 2);
        await repository().addVersion(first);
        await repository().addVersion(second);
        expect(await repository().findVersion(agent.id, 1)).toEqual(first);
        expect(await repository().findVersion(agent.id, 2)).toEqual(second);
        expect(await repository().findVersion(agent.id, 3)).toBeUndefined();
        expect(await repository().findVersion(randomUUID(), 1)).toBeUndefined();
      });

      it('When a version number is added twice, Then the second fails and the first stays', async () => {
        const agent = anAgent();
        await repository().create(agent);
        await repository().addVersion(versionOf(agent, 1));
        await expect(repository().addVersion(versionOf({ ...agent, name: 'Impostor' }, 1))).rejects.toThrow();
        expect((await repository().findVersion(agent.id, 1))?.payload.name).toBe(agent.name);
      });

      it('When a version names no stored agent, Then it is refused', async () => {
        await expect(repository().addVersion(versionOf(anAgent(), 1))).rejects.toThrow();
      });
    });

    describe('main agent', () => {
      it("When an agent is made main, Then the owner's previous main agent is unset and other owners' stay", async () => {
        const ownerId = randomUUID();
        const previous = anAgent({ ownerId, isMainAgent: true });
        const next = anAgent({ ownerId });
        const otherOwners = anAgent({ isMainAgent: true });
        for (const agent of [previous, next, otherOwners]) await repository().create(agent);
        const now = new Date('2025-02-03T04:05:06.789Z');
        expect(await repository().setMainAgent(next.id, now)).toBe(true);
        expect(await repository().findById(next.id)).toEqual({ ...next, isMainAgent: true, updatedAt: now });
        expect(await repository().findById(previous.id)).toEqual({ ...previous, isMainAgent: false, updatedAt: now });
        expect(await repository().findById(otherOwners.id)).toEqual(otherOwners);
      });

      it('When the agent is gone, Then setMainAgent answers false', async () => {
        expect(await repository().setMainAgent(randomUUID(), new Date())).toBe(false);
      });
    });
  });

  describeAgentListingContract(`${name}: listing`, makeHarness);
}

/** The agent's payload as version `version`, written at a time of its own. */
function versionOf(agent: Agent, version: number): AgentVersion {
  return versionAt({ ...agent, version, updatedAt: new Date(Date.UTC(2024, 5, version, 1, 2, 3, 456)) });
}
