import { randomUUID } from 'node:crypto';
import { CustomTool } from '../../../core/domain/tool/custom-tool.entity';
import { ToolNameTakenError } from '../../../core/domain/tool/custom-tool.errors';
import { CustomToolRepository } from '../../../core/ports/custom-tool-repository.port';

export interface CustomToolRepositoryHarness {
  tools: CustomToolRepository;
  /** A stored user who may own tools; returns the id. */
  addOwner(): Promise<string>;
  destroy(): Promise<void>;
}

export function anHttpTool(ownerId: string, overrides: Partial<Extract<CustomTool, { kind: 'http' }>> = {}): CustomTool {
  return {
    id: randomUUID(),
    ownerId,
    name: `weather_${randomUUID().slice(0, 8)}`,
    description: 'Current weather for a city',
    category: 'web',
    kind: 'http',
    config: {
      url: 'https://api.example.com/weather?q={{city}}',
      method: 'POST',
      headers: { accept: 'application/json' },
      bodyTemplate: { city: '{{city}}', units: 'metric', nested: [1, { deep: true }] },
      responseMapping: 'data.current',
      auth: { type: 'header', headerName: 'x-api-key' },
    },
    inputSchema: { type: 'object', required: ['city'], properties: { city: { type: 'string', maxLength: 100 } } },
    outputSchema: {},
    sealedSecret: 'v1.bm9uY2U.Y2lwaGVy.dGFn',
    createdAt: new Date('2030-01-02T03:04:05.678Z'),
    updatedAt: new Date('2030-01-02T03:04:05.678Z'),
    ...overrides,
  };
}

export function aCodeTool(ownerId: string, overrides: Partial<Extract<CustomTool, { kind: 'code' }>> = {}): CustomTool {
  return {
    id: randomUUID(),
    ownerId,
    name: `double_${randomUUID().slice(0, 8)}`,
    description: 'Doubles a number',
    category: 'code',
    kind: 'code',
    config: { code: 'function main(input) { return input.n * 2; }' },
    inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
    outputSchema: { type: 'number' },
    sealedSecret: null,
    createdAt: new Date('2030-02-03T04:05:06.789Z'),
    updatedAt: new Date('2030-02-03T04:05:06.789Z'),
    ...overrides,
  };
}

export function describeCustomToolRepositoryContract(name: string, makeHarness: () => Promise<CustomToolRepositoryHarness>): void {
  describe(name, () => {
    let harness: CustomToolRepositoryHarness;
    const tools = (): CustomToolRepository => harness.tools;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When tools of both kinds are created, Then findById returns every field unchanged', async () => {
      const owner = await harness.addOwner();
      const http = anHttpTool(owner, { description: 'Zoë 🚀 天气 '.repeat(200) });
      const code = aCodeTool(owner);
      await tools().create(http);
      await tools().create(code);

      expect(await tools().findById(http.id)).toEqual(http);
      expect(await tools().findById(code.id)).toEqual(code);
    });

    it('When an id was never stored, Then findById returns null', async () => {
      expect(await tools().findById(randomUUID())).toBeNull();
    });

    it('When an owner reuses a name, Then it is ToolNameTakenError; another owner or another letter case may use it', async () => {
      const [owner, other] = [await harness.addOwner(), await harness.addOwner()];
      await tools().create(aCodeTool(owner, { name: 'Shared' }));

      await expect(tools().create(aCodeTool(owner, { name: 'Shared' }))).rejects.toBeInstanceOf(ToolNameTakenError);
      await expect(tools().create(aCodeTool(other, { name: 'Shared' }))).resolves.toBeUndefined();
      await expect(tools().create(aCodeTool(owner, { name: 'shared' }))).resolves.toBeUndefined();
    });

    it('When a tool is updated, Then the stored tool is replaced and the creation time kept', async () => {
      const owner = await harness.addOwner();
      const tool = anHttpTool(owner);
      await tools().create(tool);
      const changed = aCodeTool(owner, { id: tool.id, name: 'renamed', createdAt: tool.createdAt, updatedAt: new Date('2031-01-01T00:00:00.001Z') });

      expect(await tools().update(changed)).toBe(true);
      expect(await tools().findById(tool.id)).toEqual(changed);
      expect(await tools().update(changed)).toBe(true);
    });

    it('When an update takes a name the owner already uses, Then it is ToolNameTakenError and nothing changes', async () => {
      const owner = await harness.addOwner();
      const first = aCodeTool(owner, { name: 'first' });
      const second = aCodeTool(owner, { name: 'second' });
      await tools().create(first);
      await tools().create(second);

      await expect(tools().update({ ...second, name: 'first' })).rejects.toBeInstanceOf(ToolNameTakenError);
      expect(await tools().findById(second.id)).toEqual(second);
    });

    it('When a missing tool is updated or deleted, Then both report false', async () => {
      const owner = await harness.addOwner();
      expect(await tools().update(aCodeTool(owner))).toBe(false);
      expect(await tools().delete(randomUUID())).toBe(false);
    });

    it('When a tool is deleted, Then it is gone', async () => {
      const owner = await harness.addOwner();
      const tool = aCodeTool(owner);
      await tools().create(tool);

      expect(await tools().delete(tool.id)).toBe(true);
      expect(await tools().findById(tool.id)).toBeNull();
      expect(await tools().delete(tool.id)).toBe(false);
    });

    describe('list and countByCategory', () => {
      let owner: string;
      let other: string;
      let mine: CustomTool[];

      beforeAll(async () => {
        [owner, other] = [await harness.addOwner(), await harness.addOwner()];
        mine = [
          anHttpTool(owner, { name: 'b_weather', description: 'Weather by CITY' }),
          aCodeTool(owner, { name: 'a_double', description: 'Doubles 100% of a number' }),
          aCodeTool(owner, { name: 'c_code', description: 'Under_score', category: 'math' }),
          anHttpTool(owner, { name: 'B_upper', description: 'Upper-case name sorts first' }),
        ];
        for (const tool of [...mine, aCodeTool(other, { name: 'a_other' })]) await tools().create(tool);
      });

      const names = (slice: { items: CustomTool[] }) => slice.items.map((t) => t.name);

      it('When listed for an owner, Then only their tools come back, by name, with the total', async () => {
        const slice = await tools().list({ ownerId: owner }, 0, 10);
        expect(names(slice)).toEqual(['B_upper', 'a_double', 'b_weather', 'c_code']);
        expect(slice.total).toBe(4);
        expect(slice.items.find((t) => t.name === 'b_weather')).toEqual(mine[0]);
      });

      it('When offset and limit are given, Then they cut the sorted list and total still counts every match', async () => {
        expect(await tools().list({ ownerId: owner }, 1, 2).then(names)).toEqual(['a_double', 'b_weather']);
        expect(await tools().list({ ownerId: owner }, 3, 5)).toMatchObject({ total: 4 });
        expect(await tools().list({ ownerId: owner }, 0, 0)).toEqual({ items: [], total: 4 });
        expect(await tools().list({ ownerId: owner }, 10, 5)).toEqual({ items: [], total: 4 });
      });

      it('When filtered by kind and category, Then only matches come back', async () => {
        expect(await tools().list({ ownerId: owner, kind: 'http' }, 0, 10).then(names)).toEqual(['B_upper', 'b_weather']);
        expect(await tools().list({ ownerId: owner, category: 'math' }, 0, 10).then(names)).toEqual(['c_code']);
        expect(await tools().list({ ownerId: owner, kind: 'http', category: 'math' }, 0, 10)).toEqual({ items: [], total: 0 });
      });

      it('When searched, Then name and description match case-insensitively and % and _ are literal', async () => {
        expect(await tools().list({ ownerId: owner, search: 'city' }, 0, 10).then(names)).toEqual(['b_weather']);
        expect(await tools().list({ ownerId: owner, search: 'UPPER' }, 0, 10).then(names)).toEqual(['B_upper']);
        expect(await tools().list({ ownerId: owner, search: '100%' }, 0, 10).then(names)).toEqual(['a_double']);
        expect(await tools().list({ ownerId: owner, search: 'r_s' }, 0, 10).then(names)).toEqual(['c_code']);
        expect(await tools().list({ ownerId: owner, search: '%' }, 0, 10).then(names)).toEqual(['a_double']);
      });

      it('When listed without an owner (admins), Then every owner’s tools come back', async () => {
        const all = await tools().list({ search: 'a_' }, 0, 100);
        expect(names(all)).toEqual(expect.arrayContaining(['a_double', 'a_other']));
      });

      it('When counted by category, Then each category has its number of matching tools', async () => {
        expect(await tools().countByCategory({ ownerId: owner })).toEqual({ web: 2, code: 1, math: 1 });
        expect(await tools().countByCategory({ ownerId: other })).toEqual({ code: 1 });
      });
    });
  });
}
