import { randomUUID } from 'node:crypto';
import { AgentNotFoundError } from '../../../core/domain/agent/agent.errors';
import { AgentRepository } from '../../../core/ports/agent-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';

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
  });
}
