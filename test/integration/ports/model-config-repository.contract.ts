import { randomUUID } from 'node:crypto';
import { Agent } from '../../../core/domain/agent/agent.entity';
import { ModelConfig } from '../../../core/domain/model-config/model-config.entity';
import { ModelConfigNameTakenError } from '../../../core/domain/model-config/model-config.errors';
import { AgentRepository } from '../../../core/ports/agent-repository.port';
import { ModelConfigRepository } from '../../../core/ports/model-config-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { aModelConfig } from '../../fixtures/model-configs/model-config.mother';

export interface ModelConfigRepositoryHarness {
  configs: ModelConfigRepository;
  /** Agents, to see deleting a configuration unbind them. */
  agents: AgentRepository;
  /** A stored user who may own configurations; returns the id. */
  addOwner(): Promise<string>;
  destroy(): Promise<void>;
}

export function describeModelConfigRepositoryContract(name: string, makeHarness: () => Promise<ModelConfigRepositoryHarness>): void {
  describe(name, () => {
    let harness: ModelConfigRepositoryHarness;
    const configs = (): ModelConfigRepository => harness.configs;
    const defaults = async (ownerId: string) => (await configs().list({ ownerId }, 0, 100)).items.filter((c) => c.isDefault).map((c) => c.id);

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When configurations are created, Then findById returns every field unchanged, nulls included', async () => {
      const owner = await harness.addOwner();
      const full = aModelConfig({ ownerId: owner, name: 'Zoë 🚀 模型', isDefault: true });
      const bare = aModelConfig({ ownerId: owner, provider: 'offline', model: 'offline-1', baseUrl: null, sealedApiKey: null, apiKeyHint: null });
      await configs().create(full);
      await configs().create(bare);

      expect(await configs().findById(full.id)).toEqual(full);
      expect(await configs().findById(bare.id)).toEqual(bare);
      expect(await configs().findById(randomUUID())).toBeNull();
    });

    it('When an owner reuses a name, Then it is ModelConfigNameTakenError; another owner or another letter case may use it', async () => {
      const [owner, other] = [await harness.addOwner(), await harness.addOwner()];
      await configs().create(aModelConfig({ ownerId: owner, name: 'Main' }));

      await expect(configs().create(aModelConfig({ ownerId: owner, name: 'Main' }))).rejects.toBeInstanceOf(ModelConfigNameTakenError);
      await expect(configs().create(aModelConfig({ ownerId: other, name: 'Main' }))).resolves.toBeUndefined();
      await expect(configs().create(aModelConfig({ ownerId: owner, name: 'main' }))).resolves.toBeUndefined();
    });

    it('When a configuration is updated, Then it is replaced, its owner and creation time kept; an unchanged update still finds it', async () => {
      const owner = await harness.addOwner();
      const config = aModelConfig({ ownerId: owner });
      await configs().create(config);
      const changed: ModelConfig = {
        ...aModelConfig({ ownerId: owner, provider: 'local', baseUrl: 'https://llm.example.org/v1', sealedApiKey: null, apiKeyHint: null }),
        id: config.id,
        createdAt: config.createdAt,
        updatedAt: new Date('2031-01-01T00:00:00.001Z'),
      };

      expect(await configs().update(changed)).toBe(true);
      expect(await configs().findById(config.id)).toEqual(changed);
      expect(await configs().update(changed)).toBe(true);
      expect(await configs().update(aModelConfig({ ownerId: owner }))).toBe(false);
    });

    it('When an update takes a name the owner already uses, Then it is ModelConfigNameTakenError and nothing changes', async () => {
      const owner = await harness.addOwner();
      const [first, second] = [aModelConfig({ ownerId: owner, name: 'first' }), aModelConfig({ ownerId: owner, name: 'second' })];
      await configs().create(first);
      await configs().create(second);

      await expect(configs().update({ ...second, name: 'first' })).rejects.toBeInstanceOf(ModelConfigNameTakenError);
      expect(await configs().findById(second.id)).toEqual(second);
    });

    it('When another configuration becomes the default, on create or on update, Then the owner’s previous default is cleared and other owners keep theirs', async () => {
      const [owner, other] = [await harness.addOwner(), await harness.addOwner()];
      const theirs = aModelConfig({ ownerId: other, isDefault: true });
      const a = aModelConfig({ ownerId: owner, name: 'a', isDefault: true });
      const b = aModelConfig({ ownerId: owner, name: 'b', isDefault: true });
      await configs().create(theirs);
      await configs().create(a);
      expect(await defaults(owner)).toEqual([a.id]);

      await configs().create(b);
      expect(await defaults(owner)).toEqual([b.id]);

      await configs().update({ ...a, isDefault: true });
      expect(await defaults(owner)).toEqual([a.id]);
      await configs().update({ ...a, isDefault: false });
      expect(await defaults(owner)).toEqual([]);
      expect(await defaults(other)).toEqual([theirs.id]);
    });

    it('When a configuration is deleted, Then it is gone and the agents bound to it are unbound, the others untouched', async () => {
      const owner = await harness.addOwner();
      const [config, kept] = [aModelConfig({ ownerId: owner }), aModelConfig({ ownerId: owner })];
      await configs().create(config);
      await configs().create(kept);
      const bound: Agent = anAgent({ ownerId: owner, modelConfig: { provider: 'openai', modelName: 'gpt-4o', temperature: 0.5, modelConfigId: config.id } });
      const other: Agent = anAgent({ ownerId: owner, modelConfig: { provider: 'openai', modelName: 'gpt-4o', temperature: 0.5, modelConfigId: kept.id } });
      await harness.agents.create(bound);
      await harness.agents.create(other);
      expect((await harness.agents.findById(bound.id))?.modelConfig.modelConfigId).toBe(config.id);

      expect(await configs().delete(config.id)).toBe(true);
      expect(await configs().findById(config.id)).toBeNull();
      expect((await harness.agents.findById(bound.id))?.modelConfig).toEqual({ provider: 'openai', modelName: 'gpt-4o', temperature: 0.5 });
      expect((await harness.agents.findById(other.id))?.modelConfig.modelConfigId).toBe(kept.id);
      expect(await configs().delete(config.id)).toBe(false);
    });

    describe('list', () => {
      let owner: string;
      let mine: ModelConfig[];

      beforeAll(async () => {
        owner = await harness.addOwner();
        const other = await harness.addOwner();
        mine = ['b', 'a', 'C', 'd'].map((n) => aModelConfig({ ownerId: owner, name: n }));
        for (const config of [...mine, aModelConfig({ ownerId: other, name: 'a other' })]) await configs().create(config);
      });

      const names = (slice: { items: ModelConfig[] }) => slice.items.map((c) => c.name);

      it('When listed for an owner, Then only theirs come back, by name (byte order), with the total', async () => {
        const slice = await configs().list({ ownerId: owner }, 0, 10);
        expect(names(slice)).toEqual(['C', 'a', 'b', 'd']);
        expect(slice.total).toBe(4);
        expect(slice.items[1]).toEqual(mine[1]);
      });

      it('When offset and limit are given, Then they cut the sorted list and total still counts every match', async () => {
        expect(await configs().list({ ownerId: owner }, 1, 2).then(names)).toEqual(['a', 'b']);
        expect(await configs().list({ ownerId: owner }, 0, 0)).toEqual({ items: [], total: 4 });
        expect(await configs().list({ ownerId: owner }, 10, 5)).toEqual({ items: [], total: 4 });
      });

      it('When listed without an owner (admins), Then every owner’s come back', async () => {
        expect(names(await configs().list({}, 0, 1000))).toEqual(expect.arrayContaining(['a', 'a other']));
      });
    });
  });
}
