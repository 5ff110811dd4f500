import { randomUUID } from 'node:crypto';
import { Agent, AGENT_STATUSES, AgentStatus } from '../../../core/domain/agent/agent.entity';
import { ListedAgent } from '../../../core/domain/agent/listed-agent';
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
      const pages: ListedAgent[][] = [];
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
    /** Every page after the first, each read after the last item of the page before, as a client with `next_cursor` does. */
    const walkAfter = async (query: AgentQuery, pageSize: number, betweenPages: (listed: ListedAgent[]) => Promise<void> = async () => undefined) => {
      const first = await repository().list(query, 0, pageSize);
      const pages: ListedAgent[][] = [first.items];
      let more = first.items.length < first.total;
      while (more) {
        await betweenPages(pages.flat());
        const last = pages[pages.length - 1].at(-1) as ListedAgent;
        const slice = await repository().listAfter(query, { createdAt: last.createdAt, id: last.id }, pageSize);
        pages.push(slice.items);
        more = slice.more;
        if (pages.length > 200) throw new Error('the walk does not end');
      }
      return { ids: pages.flat().map((a) => a.id), pages };
    };
    const expectWalkMatches = async (query: AgentQuery, pageSize: number) => {
      const expected = reference(stored, query).map((a) => a.id);
      const { ids, pages } = await walkAfter(query, pageSize);
      expect(ids).toEqual(expected);
      expect(pages.slice(0, -1).every((page) => page.length === pageSize)).toBe(true);
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

    describe.each(visibility)('For %s, read after the last item of each page', (_who, user) => {
      it.each(statuses.map((status) => [status ?? 'any status', status]))(
        'When %s is walked in pages of 1, 4 and 100, with and without a search, Then the agents are the reference, each once, in order',
        async (_label, status) => {
          for (const search of [undefined, 'alpha']) {
            for (const size of [1, 4, 100]) await expectWalkMatches({ visibleTo: user(), status, search }, size);
          }
        },
      );
    });

    it('When the list is read after a place no agent holds, Then it goes on from that place and says whether more follow', async () => {
      const expected = reference(stored, { visibleTo: ada });
      const middle = expected[10];
      // Just before `middle` in list order: same time, an id above every uuid.
      const slice = await repository().listAfter({ visibleTo: ada }, { createdAt: middle.createdAt, id: 'g' }, 3);
      expect({ ids: slice.items.map((a) => a.id), total: slice.total, more: slice.more }).toEqual({
        ids: expected.slice(10, 13).map((a) => a.id),
        total: expected.length,
        more: true,
      });
      const end = await repository().listAfter({ visibleTo: ada }, { createdAt: expected[expected.length - 1].createdAt, id: '0' }, 3);
      expect(end).toEqual({ items: [], total: expected.length, more: false });
      const tail = await repository().listAfter({ visibleTo: ada }, expected[expected.length - 4], 3);
      expect({ ids: tail.items.map((a) => a.id), more: tail.more }).toEqual({ ids: expected.slice(-3).map((a) => a.id), more: false });
    });

    it('When agents are created and deleted during a walk, Then the agents that were there come once each and none is skipped', async () => {
      const before = reference(stored, { visibleTo: ada }).map((a) => a.id);
      let minute = 200;
      const added: Agent[] = [];
      const deleted: string[] = [];
      const { ids } = await walkAfter({ visibleTo: ada }, 4, async (listed) => {
        // The agent the next page is read after goes away: the walk goes on from its place.
        const last = listed[listed.length - 1];
        if (deleted.length < 2 && last.ownerId === ada && (await repository().deleteIfStatus(last.id, last.status))) deleted.push(last.id);
        // Newer than every agent listed so far: ahead of the walk, as every agent created now is.
        const fresh = [anAgent({ ownerId: ada, createdAt: at(minute) }), anAgent({ ownerId: bob, status: 'deployed', createdAt: at(minute) })];
        minute += 1;
        for (const agent of fresh) await repository().create(agent);
        added.push(...fresh);
      });
      stored.push(...added);
      stored.splice(0, stored.length, ...stored.filter((a) => !deleted.includes(a.id)));
      expect(added.length).toBeGreaterThan(4);
      expect(deleted).toHaveLength(2);
      expect(ids).toEqual(before);
      expect(new Set(ids).size).toBe(ids.length);
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
      for (const { workflowConfigJson, ...item } of items) {
        const { workflowConfig, ...expected } = byId.get(item.id) as Agent;
        expect(item).toEqual(expected);
        expect(JSON.parse(workflowConfigJson)).toEqual(workflowConfig);
      }
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
