import { agentGraphIssues, graphLevels, sinksOf } from '../../../../core/services/orchestration/agent-graph';

const node = (id: string) => ({ id, agentId: `agent-${id}` });

describe('Agent graphs of graph orchestration', () => {
  it('When a diamond is planned, Then nodes run by longest path from a root, in declaration order, and the join is the sink', () => {
    const graph = {
      nodes: [node('d'), node('a'), node('b'), node('c')],
      edges: [
        { source: 'a', target: 'b' },
        { source: 'a', target: 'c' },
        { source: 'b', target: 'd' },
        { source: 'c', target: 'd' },
        { source: 'a', target: 'd' },
      ],
    };
    expect(agentGraphIssues(graph)).toEqual([]);
    expect(graphLevels(graph).map((level) => level.map((n) => n.id))).toEqual([['a'], ['b', 'c'], ['d']]);
    expect(sinksOf(graph).map((n) => n.id)).toEqual(['d']);
  });

  it('When the graph is wrong, Then each problem is reported on its field', () => {
    expect(agentGraphIssues({ nodes: [], edges: [] })).toEqual([{ field: 'nodes', message: 'must hold 1 to 20 nodes' }]);
    expect(agentGraphIssues({ nodes: [node('a'), node('a')], edges: [] }).map((i) => i.field)).toEqual(['nodes[1].id']);
    expect(agentGraphIssues({ nodes: [node('a')], edges: [{ source: 'a', target: 'a' }] }).map((i) => i.field)).toEqual(['edges[0]']);
    const cycle = {
      nodes: [node('a'), node('b')],
      edges: [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'a' },
      ],
    };
    expect(agentGraphIssues(cycle)).toEqual([{ field: 'edges', message: 'must not form a cycle' }]);
  });
});
