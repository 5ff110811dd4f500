import { randomUUID } from 'node:crypto';
import { Agent, AGENT_STATUSES, AgentStatus } from '../../../core/domain/agent/agent.entity';
import { AgentQuery, AgentRepository } from '../../../core/ports/agent-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import type { AgentRepositoryHarness } from './agent-repository.contract';

/** What a list must answer, computed the slow way over every stored agent. */
function reference(all: Agent[], query: AgentQuery): Agent[] {
  const needle = query.search?.toLowerCase();
  return all
    .filter((a) => query.visibleTo === undefined || a.ownerId === query.visibleTo || a.status === 'deployed')
    .filter((a) => query.status === undefined || a.status === query.status)
    .filter((a) => needle === undefined || a.name.toLowerCase().includes(needle) || a.description.toLowerCase().includes(needle))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
}

const at = (minute: number) => new Date(Date.UTC(2024, 0, 1, 0, minute, 0, 0));

/**
 * Listing over a known set of agents (three owners, every status, equal creation times, names with
 * LIKE's wildcards), compared page by page with the reference. Counts are checked again after
 * writes that move agents between owners' views.
 */
export function describeAgentListingContract(name: string, makeHarness: () => Promise<AgentRepositoryHarness>): void {
  describe(name, () => {
    let harness: AgentRepositoryHarness;
    const repository = (): AgentRepository => harness.agents;
    const stored: Agent[] = [];
    const [ada, bob, cyd] = [randomUUID(), randomUUID(), randomUUID()];

    const listAll = async (query: AgentQuery, pageSize: number) => {
      const pages: Agent[][] = [];
      let total = -1;
      for (let offset = 0; total === -1 || offset < total; offset += pageSize) {
        const slice = await repository().list(query, offset, pageSize);
        if (total !== -1) expect(slice.total).toBe(total);
        total = slice.total;
        pages.push(slice.items);
        if (slice.items.length === 0) break;
      }
      return { ids: pages.flat().map((a) => a.id), total, pages };
    };
    const expectMatches = async (query: AgentQuery, pageSize: number) => {
      const expected = reference(stored, query);
      const { ids, total, pages } = await listAll(query, pageSize);
      expect({ total, ids }).toEqual({ total: expected.length, ids: expected.map((a) => a.id) });
      expect(pages.every((page, index) => page.length === (index < pages.length - 1 ? pageSize : page.length))).toBe(true);
    };

    beforeAll(async () => {
      harness = await makeHarness();
      const owners = [ada, ada, ada, bob, bob];
      for (let i = 0; i < 30; i += 1) {
        stored.push(
          anAgent({
            ownerId: owners[i % owners.length],
            status: AGENT_STATUSES[i % 3],
            // Every third agent shares its creation time with the one before: the id breaks the tie.
            createdAt: at(i - (i % 3 === 2 ? 1 : 0)),
            name: i % 4 === 0 ? `Alpha ${i}` : i === 5 ? '50% off_deal' : `Agent ${i}`,
            description: i % 7 === 0 ? 'Writes ALPHA reports' : 'Plain',
          }),
        );
      }
      for (const agent of stored) await repository().create(agent);
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    const visibility: Array<[string, () => string | undefined]> = [
      ['every agent (admin)', () => undefined],
      ['an owner of many', () => ada],
      ['an owner of a few', () => bob],
      ['a user with none', () => cyd],
    ];
    const statuses: Array<AgentStatus | undefined> = [undefined, ...AGENT_STATUSES];

    describe.each(visibility)('For %s', (_who, user) => {
      it.each(statuses.map((status) => [status ?? 'any status', status]))(
        'When %s is listed in pages of 4 and of 100, with and without a search, Then pages and totals match the reference',
        async (_label, status) => {
          for (const search of [undefined, 'alpha']) {
            await expectMatches({ visibleTo: user(), status, search }, 4);
            await expectMatches({ visibleTo: user(), status, search }, 100);
          }
        },
      );
    });

    it('When every page of one agent is read, Then each agent comes once, in order, from either end', async () => {
      await expectMatches({ visibleTo: ada }, 1);
      await expectMatches({}, 1);
    });

    it('When a search holds % or _, Then they match only themselves', async () => {
      for (const search of ['%', '_', '0% OFF_', '!']) await expectMatches({ search }, 100);
      expect((await repository().list({ search: '%' }, 0, 100)).items.map((a) => a.name)).toEqual(['50% off_deal']);
    });

    it('When the offset is past the end or the limit is 0, Then no items come back but the total does', async () => {
      const total = reference(stored, { visibleTo: bob }).length;
      expect(await repository().list({ visibleTo: bob }, total, 10)).toEqual({ items: [], total });
      expect(await repository().list({ visibleTo: bob }, 0, 0)).toEqual({ items: [], total });
    });

    it('When items are listed, Then each has every field as stored', async () => {
      const { items } = await repository().list({ visibleTo: ada, status: 'stopped' }, 0, 100);
      const byId = new Map(stored.map((a) => [a.id, a]));
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).toEqual(byId.get(item.id));
    });

    it('When agents are created, moved between statuses and deleted, Then every view counts them exactly', async () => {
      const dan = randomUUID();
      const before = { mine: await totals(repository(), dan), all: (await repository().list({}, 0, 1)).total };
      const mine = Array.from({ length: 12 }, (_, i) => anAgent({ ownerId: dan, createdAt: at(100 + i) }));
      await Promise.all(mine.map((agent) => repository().create(agent)));
      await Promise.all(mine.slice(0, 6).map((agent) => repository().updateIfCurrent({ ...agent, status: 'deployed' }, agent)));
      await repository().update({ ...mine[6], status: 'stopped' });
      await Promise.all(mine.slice(7, 9).map((agent) => repository().deleteIfStatus(agent.id, 'draft')));
      await repository().updateIfCurrent({ ...mine[0], status: 'stopped' }, { version: 1, status: 'deployed' });

      expect(await totals(repository(), dan)).toEqual({
        visible: before.mine.visible + 10,
        draft: 3,
        deployed: before.mine.deployed + 5,
        stopped: 2,
      });
      expect((await repository().list({}, 0, 1)).total).toBe(before.all + 10);
      expect((await repository().list({ visibleTo: cyd }, 0, 1)).total).toBe(reference(stored, { visibleTo: cyd }).length + 5);
    });
  });
}

async function totals(repository: AgentRepository, user: string): Promise<{ visible: number } & Record<AgentStatus, number>> {
  const total = async (status?: AgentStatus) => (await repository.list({ visibleTo: user, status }, 0, 1)).total;
  return { visible: await total(), draft: await total('draft'), deployed: await total('deployed'), stopped: await total('stopped') };
}
