import { randomUUID } from 'node:crypto';
import { NodeTemplate } from '../../../core/domain/node-template/node-template.entity';
import { NodeTemplateRepository } from '../../../core/ports/node-template-repository.port';
import { aNodeTemplate } from '../../fixtures/node-templates/node-template.mother';

export interface NodeTemplateRepositoryHarness {
  templates: NodeTemplateRepository;
  /** A stored user who may own templates; returns the id. */
  addOwner(): Promise<string>;
  destroy(): Promise<void>;
}

const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute, 0, 123));

export function describeNodeTemplateRepositoryContract(name: string, makeHarness: () => Promise<NodeTemplateRepositoryHarness>): void {
  describe(name, () => {
    let harness: NodeTemplateRepositoryHarness;
    const templates = (): NodeTemplateRepository => harness.templates;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a template is created, Then findById returns every field unchanged, nested JSON and an empty description included', async () => {
      const owner = await harness.addOwner();
      const template = aNodeTemplate({
        ownerId: owner,
        name: 'Zoë 🚀 模板',
        description: '',
        nodeType: 'tool',
        config: { tool_id: 'calculator', arguments: { expression: '{{input.x}} * 2', nested: [1, 'two', null, true, { deep: 1.5 }] } },
      });
      expect(await templates().create(template, 10)).toBe(true);
      expect(await templates().findById(template.id)).toEqual(template);
      expect(await templates().findById(randomUUID())).toBeNull();
    });

    it('When the config is far larger than 64 KiB, Then it is stored and read back whole', async () => {
      const owner = await harness.addOwner();
      const template = aNodeTemplate({ ownerId: owner, nodeType: 'llm', config: { prompt: `${'é'.repeat(60_000)} {{input}}` } });
      await templates().create(template, 10);
      expect(await templates().findById(template.id)).toEqual(template);
    });

    it('When a template is updated, Then its fields change but its owner and creation time do not; an unchanged update still finds it', async () => {
      const owner = await harness.addOwner();
      const template = aNodeTemplate({ ownerId: owner });
      await templates().create(template, 10);
      const changed: NodeTemplate = {
        ...template,
        ownerId: await harness.addOwner(),
        createdAt: at(59),
        name: 'Renamed',
        description: 'New text ✓',
        nodeType: 'condition',
        config: { left: '{{input}}', operator: 'is_empty' },
        updatedAt: at(30),
      };
      expect(await templates().update(changed)).toBe(true);
      expect(await templates().findById(template.id)).toEqual({ ...changed, ownerId: owner, createdAt: template.createdAt });
      expect(await templates().update(changed)).toBe(true);
      expect(await templates().update(aNodeTemplate({ ownerId: owner }))).toBe(false);
    });

    it('When a template is deleted, Then it is gone and a second delete is false', async () => {
      const owner = await harness.addOwner();
      const template = aNodeTemplate({ ownerId: owner });
      await templates().create(template, 10);
      expect(await templates().delete(template.id)).toBe(true);
      expect(await templates().findById(template.id)).toBeNull();
      expect(await templates().delete(template.id)).toBe(false);
    });

    it("When templates are listed, Then only the owner's come back, newest change first, filtered by node type and paged with the total", async () => {
      const [owner, other] = [await harness.addOwner(), await harness.addOwner()];
      const a = aNodeTemplate({ ownerId: owner, nodeType: 'template', updatedAt: at(1) });
      const b = aNodeTemplate({ ownerId: owner, nodeType: 'llm', config: { prompt: 'x' }, updatedAt: at(3) });
      const c = aNodeTemplate({ ownerId: owner, nodeType: 'template', updatedAt: at(2) });
      for (const template of [a, b, c, aNodeTemplate({ ownerId: other })]) await templates().create(template, 10);

      expect(await templates().list({ ownerId: owner }, 0, 10)).toEqual({ items: [b, c, a], total: 3 });
      expect(await templates().list({ ownerId: owner }, 1, 1)).toEqual({ items: [c], total: 3 });
      expect(await templates().list({ ownerId: owner, nodeType: 'template' }, 0, 10)).toEqual({ items: [c, a], total: 2 });
      expect(await templates().list({ ownerId: owner, nodeType: 'agent' }, 0, 10)).toEqual({ items: [], total: 0 });
      expect(await templates().list({ ownerId: owner }, 5, 10)).toEqual({ items: [], total: 3 });
    });

    it('When an owner has reached the cap, Then create is false; many concurrent creates never pass it', async () => {
      const owner = await harness.addOwner();
      const results = await Promise.all(Array.from({ length: 8 }, () => templates().create(aNodeTemplate({ ownerId: owner }), 5)));
      expect(results.filter(Boolean)).toHaveLength(5);
      expect((await templates().list({ ownerId: owner }, 0, 100)).total).toBe(5);
      expect(await templates().create(aNodeTemplate({ ownerId: await harness.addOwner() }), 5)).toBe(true);
    });
  });
}
