import { agentSequence, agentStages } from '../../../../../core/services/executions/modes/agent-plan';
import { agentGraph, agentNode } from '../../../../fixtures/executions/agent-graphs';
import { ownAgent } from '../../../../fixtures/executions/mode-harness';

const ids = (stages: Array<Array<{ nodeId: string }>>) => stages.map((stage) => stage.map((planned) => planned.nodeId));

describe('agentStages', () => {
  it('When agents sit at different depths, Then a stage holds the agents of one depth (longest path), non-agent nodes walked through', () => {
    const agent = ownAgent({
      workflowConfig: agentGraph(
        [
          { id: 'start', type: 'start' },
          agentNode('a', 'A', 'agent-a'),
          { id: 'shape', type: 'template' },
          agentNode('b', 'B'),
          agentNode('c', 'C', 'agent-c'),
          { id: 'end', type: 'end' },
        ],
        [
          ['start', 'a'],
          ['start', 'shape'],
          ['shape', 'b'],
          ['a', 'c'],
          ['b', 'c'],
          ['c', 'end'],
        ],
      ),
    });
    const { stages, issues } = agentStages(agent);
    expect(issues).toEqual([]);
    expect(ids(stages)).toEqual([['a'], ['b'], ['c']]);
    expect(stages[1][0]).toEqual({ nodeId: 'b', agentId: agent.id, label: 'B' });
    expect(agentSequence(agent).agents.map((planned) => planned.agentId)).toEqual(['agent-a', agent.id, 'agent-c']);
  });

  it('When the graph is malformed, Then the problems are named and there is no plan', () => {
    const agent = ownAgent({
      workflowConfig: {
        nodes: [{ id: 'a', type: 'agent' }, { type: 'agent' }, { id: 'a', type: 'agent' }],
        edges: [{ source: 'a', target: 'nowhere' }],
      },
    });
    expect(agentStages(agent)).toEqual({
      stages: [],
      issues: [
        { field: 'workflow_config.nodes[1]', message: 'must be an object with a non-empty string id' },
        { field: 'workflow_config.nodes[2].id', message: 'duplicates the id "a"' },
        { field: 'workflow_config.edges[0]', message: 'must join two nodes of the graph by id (source, target)' },
      ],
    });
  });

  it('When the edges form a cycle, Then it is refused', () => {
    const agent = ownAgent({
      workflowConfig: agentGraph(
        [agentNode('a', 'A'), agentNode('b', 'B')],
        [
          ['a', 'b'],
          ['b', 'a'],
        ],
      ),
    });
    expect(agentStages(agent).issues).toEqual([{ field: 'workflow_config.edges', message: 'must not form a cycle' }]);
  });
});
