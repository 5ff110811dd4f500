import { Actor } from '../../../../core/domain/auth/actor';
import { CustomTool } from '../../../../core/domain/tool/custom-tool.entity';
import { ToolDescriptor } from '../../../../core/domain/tool/tool-descriptor';
import { CustomToolQuery, CustomToolRepository, CustomToolSlice } from '../../../../core/ports/custom-tool-repository.port';
import { ToolListFilter, ToolRegistry } from '../../../../core/ports/tool-registry.port';
import { ToolCatalog } from '../../../../core/services/tools/tool-catalog.service';

const descriptor = (id: string, builtin = true): ToolDescriptor => ({
  id,
  name: id,
  version: '1.0.0',
  publisher: builtin ? 'builtin' : 'acme',
  description: `The ${id} tool`,
  category: 'text',
  kind: 'tool',
  inputSchema: { type: 'object' },
  outputSchema: {},
  capabilities: [],
  builtin,
  enabled: true,
  examples: [],
});

const customTool = (name: string, ownerId: string): CustomTool => ({
  id: `00000000-0000-4000-8000-${name.padStart(12, '0')}`,
  ownerId,
  name,
  description: name,
  category: 'code',
  kind: 'code',
  config: { code: 'function main() {}' },
  inputSchema: { type: 'object' },
  outputSchema: {},
  sealedSecret: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

/** Enough of a registry for the catalogue: a sorted list. */
function registryOf(descriptors: ToolDescriptor[]): ToolRegistry {
  return {
    list: (filter: ToolListFilter = {}) => descriptors.filter((d) => filter.builtin === undefined || d.builtin === filter.builtin),
    get: (id: string) => descriptors.find((d) => d.id === id),
  } as ToolRegistry;
}

/** An in-memory repository that records the slices asked for. */
class InMemoryCustomTools implements Partial<CustomToolRepository> {
  readonly asked: Array<{ query: CustomToolQuery; offset: number; limit: number }> = [];
  constructor(private readonly tools: CustomTool[]) {}
  async list(query: CustomToolQuery, offset: number, limit: number): Promise<CustomToolSlice> {
    this.asked.push({ query, offset, limit });
    const matching = this.tools.filter((t) => !query.ownerId || t.ownerId === query.ownerId);
    return { items: matching.slice(offset, offset + Math.max(0, limit)), total: matching.length };
  }
}

describe('ToolCatalog.list paging over kernel tools, then custom tools', () => {
  const kernel = ['a', 'b', 'c', 'd', 'e'].map((id) => descriptor(id));
  const mine = ['m1', 'm2', 'm3'].map((name) => customTool(name, 'me'));
  const user: Actor = { userId: 'me', role: 'user' };
  const names = (items: Array<{ source: string; descriptor?: ToolDescriptor; tool?: CustomTool }>) => items.map((i) => i.descriptor?.id ?? i.tool?.name);

  it.each([
    [1, 3, ['a', 'b', 'c'], { offset: 0, limit: 0 }],
    [2, 3, ['d', 'e', 'm1'], { offset: 0, limit: 1 }],
    [3, 3, ['m2', 'm3'], { offset: 1, limit: 3 }],
    [4, 3, [], { offset: 4, limit: 3 }],
  ])('When page %i of %i is asked, Then it holds %j and asks the repository for the right slice', async (page, pageSize, expected, slice) => {
    const repository = new InMemoryCustomTools([...mine, customTool('other', 'someone-else')]);
    const catalog = new ToolCatalog(registryOf(kernel), repository as unknown as CustomToolRepository);
    const result = await catalog.list(user, { page, pageSize });
    expect(names(result.items)).toEqual(expected);
    expect(result.total).toBe(8);
    expect(repository.asked).toEqual([{ query: { ownerId: 'me' }, ...slice }]);
  });

  it('When an admin lists, Then custom tools of every owner are asked for', async () => {
    const repository = new InMemoryCustomTools([...mine, customTool('other', 'someone-else')]);
    const catalog = new ToolCatalog(registryOf(kernel), repository as unknown as CustomToolRepository);
    const result = await catalog.list({ userId: 'root', role: 'admin' }, { page: 1, pageSize: 100 });
    expect(result.total).toBe(9);
    expect(repository.asked[0].query).toEqual({});
  });

  it('When kind is builtin or plugin, Then the repository is not asked; when it is code, the registry is skipped', async () => {
    const repository = new InMemoryCustomTools(mine);
    const catalog = new ToolCatalog(registryOf([...kernel, descriptor('p', false)]), repository as unknown as CustomToolRepository);
    expect(names((await catalog.list(user, { kind: 'plugin' })).items)).toEqual(['p']);
    expect(repository.asked).toEqual([]);
    expect(names((await catalog.list(user, { kind: 'code' })).items)).toEqual(['m1', 'm2', 'm3']);
    expect(repository.asked[0].query).toEqual({ ownerId: 'me', kind: 'code' });
  });
});
