import { FieldIssue } from '../../../../core/shared/domain-error';
import { validateWorkflowGraph } from '../../../../core/domain/workflow/workflow-graph.rules';
import { WorkflowGraph } from '../../../../core/domain/workflow/workflow-graph';
import { edge, linearGraph, node } from '../../../fixtures/workflows/workflow.mother';

const fields = (issues: FieldIssue[]) => issues.map((issue) => issue.field);

function conditionGraph(): WorkflowGraph {
  return {
    nodes: [
      node('start', 'start'),
      node('check', 'condition', { left: '{{input.kind}}', operator: 'equals', right: 'urgent' }),
      node('yes', 'template', { template: 'urgent' }),
      node('no', 'template', { template: 'routine' }),
      node('end', 'end'),
    ],
    edges: [edge('start', 'check'), edge('check', 'yes', 'true'), edge('check', 'no', 'false'), edge('yes', 'end'), edge('no', 'end')],
  };
}

describe('validateWorkflowGraph', () => {
  it('When the graph uses every node type correctly, Then there is no issue', () => {
    const graph = linearGraph(
      node('ask', 'llm', { prompt: 'Say {{input}}', system: 'Be brief', temperature: 0.3 }, 'Ask'),
      node('agent', 'agent', { agent_id: 'a-1', input: '{{last}}' }),
      node('calc', 'tool', {
        tool_id: 'calculator',
        arguments: { expression: '{{nodes.ask.output}}', nested: [{ x: '{{input.a}}' }, 3] },
        continue_on_error: true,
      }),
      node('text', 'template', { template: 'Result {{last}}' }),
    );
    graph.nodes[graph.nodes.length - 1].config = { output: '{{nodes.text.output}}' };
    expect(validateWorkflowGraph(graph)).toEqual([]);
    expect(validateWorkflowGraph(conditionGraph())).toEqual([]);
  });

  it('When the graph is not an object with nodes and edges arrays, Then both are named', () => {
    expect(fields(validateWorkflowGraph(null))).toEqual(['nodes', 'edges']);
    expect(fields(validateWorkflowGraph({ nodes: {}, edges: [] }))).toEqual(['nodes']);
    expect(fields(validateWorkflowGraph({ nodes: [], edges: 'x' }))).toEqual(['edges']);
  });

  it('When there are more than 200 nodes or 500 edges, Then the caps are refused before anything else is checked', () => {
    const nodes = Array.from({ length: 201 }, () => ({ bogus: true }));
    expect(validateWorkflowGraph({ nodes, edges: [] })).toEqual([{ field: 'nodes', message: 'must hold at most 200 nodes' }]);
    const edges = Array.from({ length: 501 }, () => 42);
    expect(validateWorkflowGraph({ nodes: [], edges })).toEqual([{ field: 'edges', message: 'must hold at most 500 edges' }]);
  });

  it('When a node is malformed, Then its id, type, label and config are named', () => {
    const graph = { nodes: [...linearGraph().nodes, { id: 'a.b', type: 'loopy', label: 7, config: [] }, 'x'], edges: [edge('start', 'end')] };
    expect(fields(validateWorkflowGraph(graph))).toEqual(['nodes[2].id', 'nodes[2].type', 'nodes[2].label', 'nodes[2].config', 'nodes[3]']);
  });

  it('When two nodes share an id, Then the second is named as a duplicate', () => {
    const graph = linearGraph(node('x', 'template', { template: 'a' }), node('x', 'template', { template: 'b' }));
    expect(validateWorkflowGraph(graph)).toContainEqual({ field: 'nodes[2].id', message: 'duplicates nodes[1].id' });
  });

  it('When there is no start, or two, or no end, Then the node list is named', () => {
    const noStart = { nodes: [node('end', 'end')], edges: [] };
    expect(validateWorkflowGraph(noStart)).toEqual([{ field: 'nodes', message: 'must hold exactly one start node (found 0)' }]);
    const twoStarts = { nodes: [node('s1', 'start'), node('s2', 'start'), node('end', 'end')], edges: [edge('s1', 'end'), edge('s2', 'end')] };
    expect(validateWorkflowGraph(twoStarts)).toContainEqual({ field: 'nodes', message: 'must hold exactly one start node (found 2)' });
    const noEnd = { nodes: [node('start', 'start')], edges: [] };
    expect(validateWorkflowGraph(noEnd)).toEqual([{ field: 'nodes', message: 'must hold at least one end node' }]);
  });

  it('When an edge names a missing node or is not an object, Then that edge is named', () => {
    const graph = linearGraph();
    graph.edges.push(edge('start', 'ghost'), edge('', 'end'));
    const issues = validateWorkflowGraph({ ...graph, edges: [...graph.edges, null] });
    expect(issues).toEqual([
      { field: 'edges[1].target', message: 'names no node ("ghost")' },
      { field: 'edges[2].source', message: 'must be the id of a node' },
      { field: 'edges[3]', message: 'must be an object with source and target' },
    ]);
  });

  it('When an edge enters the start node or leaves an end node, Then it is refused', () => {
    const graph = linearGraph(node('mid', 'template', { template: 'x' }));
    graph.edges.push(edge('mid', 'start'));
    const issues = validateWorkflowGraph(graph);
    expect(issues).toContainEqual({ field: 'edges[2].target', message: 'must not be the start node' });
    const fromEnd = linearGraph(node('mid', 'template', { template: 'x' }));
    fromEnd.nodes.push(node('after', 'template', { template: 'y' }), node('end2', 'end'));
    fromEnd.edges.push(edge('end', 'after'), edge('after', 'end2'));
    expect(validateWorkflowGraph(fromEnd)).toEqual([{ field: 'edges[2].source', message: 'must not be an end node' }]);
  });

  it('When the edges form a cycle, Then the cycle is refused naming its nodes', () => {
    const graph = linearGraph(node('a', 'template', { template: 'a' }), node('b', 'template', { template: 'b' }));
    graph.edges.push(edge('b', 'a'));
    expect(validateWorkflowGraph(graph)).toEqual([{ field: 'edges', message: 'must not form a cycle (involving a, b, end)' }]);
    const selfLoop = linearGraph(node('a', 'template', { template: 'a' }));
    selfLoop.edges.push(edge('a', 'a'));
    expect(fields(validateWorkflowGraph(selfLoop))).toEqual(['edges']);
  });

  it('When a node cannot be reached from the start, Then it is named', () => {
    const graph = linearGraph();
    graph.nodes.push(node('orphan', 'template', { template: 'x' }), node('end2', 'end'));
    graph.edges.push(edge('orphan', 'end2'));
    expect(validateWorkflowGraph(graph)).toEqual([
      { field: 'nodes[2]', message: 'is not reachable from the start node ("orphan")' },
      { field: 'nodes[3]', message: 'is not reachable from the start node ("end2")' },
    ]);
  });

  it('When a condition edge lacks its branch, or another edge has one, Then the condition field is named', () => {
    const graph = conditionGraph();
    graph.edges[1] = edge('check', 'yes');
    graph.edges[3] = edge('yes', 'end', 'true');
    graph.edges[4] = { source: 'no', target: 'end', condition: 'maybe' as 'true' };
    expect(validateWorkflowGraph(graph)).toEqual([
      { field: 'edges[1].condition', message: 'must be "true" or "false" on an edge leaving a condition node' },
      { field: 'edges[3].condition', message: 'is only allowed on an edge leaving a branching node (condition, approval, classifier)' },
      { field: 'edges[4].condition', message: 'is only allowed on an edge leaving a branching node (condition, approval, classifier)' },
    ]);
  });

  describe('node config', () => {
    const issuesOf = (middle: ReturnType<typeof node>) => validateWorkflowGraph(linearGraph(middle));
    const conditionIssuesOf = (config: Record<string, unknown>) => {
      const graph = conditionGraph();
      graph.nodes[1].config = config as never;
      return validateWorkflowGraph(graph);
    };

    it('When an llm node has no prompt or a bad temperature, Then those fields are named', () => {
      expect(issuesOf(node('m', 'llm', { system: 3, temperature: 5 }))).toEqual([
        { field: 'nodes[1].config.prompt', message: 'must be a string template' },
        { field: 'nodes[1].config.system', message: 'must be a string template' },
        { field: 'nodes[1].config.temperature', message: 'must be a number from 0 to 2' },
      ]);
      expect(issuesOf(node('m', 'llm', { prompt: '   ' }))).toEqual([{ field: 'nodes[1].config.prompt', message: 'must not be empty' }]);
      expect(issuesOf(node('m', 'llm'))).toEqual([{ field: 'nodes[1].config.prompt', message: 'must be a string template' }]);
    });

    it('When an agent node has no agent_id or a non-text input, Then those fields are named', () => {
      expect(fields(issuesOf(node('m', 'agent', { input: {} })))).toEqual(['nodes[1].config.agent_id', 'nodes[1].config.input']);
    });

    it('When a tool node lacks tool_id, or its arguments or continue_on_error are of the wrong kind, Then they are named', () => {
      expect(fields(issuesOf(node('m', 'tool', { arguments: [1], continue_on_error: 'yes' })))).toEqual([
        'nodes[1].config.tool_id',
        'nodes[1].config.arguments',
        'nodes[1].config.continue_on_error',
      ]);
    });

    it('When a condition has an unknown operator, or misses right where it needs one, Then they are named', () => {
      expect(fields(conditionIssuesOf({ left: '{{input}}', operator: 'matches' }))).toEqual(['nodes[1].config.operator']);
      expect(fields(conditionIssuesOf({ left: '{{input}}', operator: 'less_than' }))).toEqual(['nodes[1].config.right']);
      expect(conditionIssuesOf({ left: '{{input}}', operator: 'is_empty' })).toEqual([]);
      expect(fields(conditionIssuesOf({ operator: 'not_empty' }))).toEqual(['nodes[1].config.left']);
    });

    it('When a template node has no template or an end node a non-text output, Then they are named', () => {
      expect(fields(issuesOf(node('m', 'template', {})))).toEqual(['nodes[1].config.template']);
      const graph = linearGraph();
      graph.nodes[1].config = { output: 5 };
      expect(fields(validateWorkflowGraph(graph))).toEqual(['nodes[1].config.output']);
    });

    it('When any template is longer than 20,000 characters, Then it is refused at validation', () => {
      const long = 'x'.repeat(20_001);
      const max = 'x'.repeat(20_000);
      expect(issuesOf(node('m', 'template', { template: max }))).toEqual([]);
      expect(issuesOf(node('m', 'template', { template: long }))).toEqual([{ field: 'nodes[1].config.template', message: 'must be at most 20000 characters' }]);
      expect(fields(issuesOf(node('m', 'llm', { prompt: 'p', system: long })))).toEqual(['nodes[1].config.system']);
      expect(fields(issuesOf(node('m', 'tool', { tool_id: 't', arguments: { deep: [{ text: long }] } })))).toEqual(['nodes[1].config.arguments.deep[0].text']);
      expect(fields(conditionIssuesOf({ left: 'a', operator: 'equals', right: long }))).toEqual(['nodes[1].config.right']);
    });

    it('When tool arguments are nested absurdly deep, Then they are refused rather than walked', () => {
      let deep: Record<string, unknown> = { leaf: 'x' };
      for (let i = 0; i < 100; i++) deep = { next: deep };
      const issues = issuesOf(node('m', 'tool', { tool_id: 't', arguments: deep as never }));
      expect(issues).toHaveLength(1);
      expect(issues[0].message).toBe('must be nested at most 32 levels deep');
    });
  });
});
