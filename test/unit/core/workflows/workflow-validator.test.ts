import { WorkflowGraph } from '../../../../core/domain/workflow/workflow-graph';
import { asBody, engineHarness } from '../../../fixtures/workflows/engine-harness';
import { edge, linearGraph, node } from '../../../fixtures/workflows/workflow.mother';

const { validator } = engineHarness();

describe('WorkflowValidator', () => {
  it('When a graph uses every control node well, Then it has no issue', () => {
    const graph: WorkflowGraph = {
      nodes: [
        node('start', 'start'),
        node('fan', 'parallel'),
        node('a', 'template', { template: '{{input.x}}', retry: { max_attempts: 3, backoff_ms: 10 }, timeout_ms: 1000, continue_on_error: true }),
        node('b', 'loop', { max_rounds: 3, body: asBody(linearGraph(node('inner', 'template', { template: '{{input.previous}} {{a.output}}' }))) }),
        node('join', 'merge'),
        node('each', 'iteration', {
          items: '{{join.output.a}}',
          concurrency: 2,
          body: asBody(linearGraph(node('x', 'template', { template: '{{input.item}}' }))),
        }),
        node('ok', 'approval', { prompt: 'Fine?' }),
        node('end', 'end', { output: '{{nodes.each.output}}' }),
      ],
      edges: [
        edge('start', 'fan'),
        edge('fan', 'a'),
        edge('a', 'b'),
        edge('fan', 'join'),
        edge('b', 'join'),
        edge('join', 'each'),
        edge('each', 'ok'),
        { source: 'ok', target: 'end', condition: 'approved' },
      ],
    };
    expect(validator.validate(graph)).toEqual([]);
  });

  it('When a value node with a strict schema carries the generic settings, Then they are checked as settings, not refused as unknown fields', () => {
    const settings = { retry: { max_attempts: 2 }, timeout_ms: 500, continue_on_error: true };
    const graph = linearGraph(node('fetch', 'http', { url: 'https://example.com/', ...settings }), node('pause', 'delay', { ms: 5, ...settings }));
    expect(validator.validate(graph)).toEqual([]);
    expect(validator.validate(linearGraph(node('fetch', 'http', { url: 'https://example.com/', retries: 2 })))).toEqual([
      { node_id: 'fetch', field: 'nodes[1].config.retries', message: 'is not an allowed field' },
    ]);
  });

  it('When a config breaks its type’s schema or the generic settings, Then each issue names the node and the field', () => {
    const graph = linearGraph(
      node('rounds', 'loop', { body: asBody(linearGraph()), max_rounds: 500 }),
      node('retrying', 'template', { template: 'x', retry: { max_attempts: 0 }, timeout_ms: -1 }),
    );
    expect(validator.validate(graph)).toEqual([
      { node_id: 'rounds', field: 'nodes[1].config.max_rounds', message: expect.stringContaining('100') },
      { node_id: 'retrying', field: 'nodes[2].config.retry.max_attempts', message: expect.stringContaining('1') },
    ]);
  });

  it('When a template names a variable no node upstream produces, Then the field holding it is named', () => {
    const graph = linearGraph(
      node('first', 'template', { template: '{{later.output}} and {{nodes.ghost.output.x}}' }),
      node('later', 'template', { template: '{{first.output}} {{mystery}}' }),
    );
    expect(validator.validate(graph)).toEqual([
      { node_id: 'first', field: 'nodes[1].config.template', message: '"{{later.output}}" names "later", which is not a node upstream of "first"' },
      { node_id: 'first', field: 'nodes[1].config.template', message: '"{{nodes.ghost.output.x}}" names "ghost", which is not a node upstream of "first"' },
      { node_id: 'later', field: 'nodes[2].config.template', message: expect.stringContaining('"{{mystery}}" names no variable') },
    ]);
  });

  it('When a loop body is not a valid graph or holds an approval, Then its issues are named under the body', () => {
    const badBody = { nodes: [node('start', 'start'), node('ask', 'approval', { prompt: 'ok?' })], edges: [edge('start', 'ask')] };
    const issues = validator.validate(linearGraph(node('rounds', 'loop', { max_rounds: 2, body: asBody(badBody) })));
    expect(issues).toEqual(
      expect.arrayContaining([
        { node_id: null, field: 'nodes[1].config.body.nodes', message: 'must hold at least one end node' },
        { node_id: 'ask', field: 'nodes[1].config.body.nodes[1].type', message: 'must not be approval or human_input inside a loop or iteration body' },
      ]),
    );
  });

  it('When an edge forms a cycle, Then it is refused: loops are bodies, never back-edges', () => {
    const graph = linearGraph(node('a', 'template', { template: 'a' }), node('b', 'template', { template: 'b' }));
    graph.edges.push(edge('b', 'a'));
    expect(validator.validate(graph)).toEqual([expect.objectContaining({ field: 'edges', message: expect.stringContaining('cycle') })]);
  });

  it('When an approval edge carries an unknown branch, Then the edge is named', () => {
    const graph = linearGraph(node('ok', 'approval', { prompt: 'ok?' }));
    graph.edges[1] = { source: 'ok', target: 'end', condition: 'maybe' };
    expect(validator.validate(graph)).toEqual([
      { node_id: null, field: 'edges[1].condition', message: 'must be one of "approved", "rejected" on an edge leaving a approval node' },
    ]);
  });

  it('When bodies nest more nodes than the cap, Then the graph is refused before it is walked', () => {
    const big = linearGraph(...Array.from({ length: 120 }, (_, index) => node(`n${index}`, 'template', { template: 'x' })));
    const graph = linearGraph(node('rounds', 'loop', { max_rounds: 1, body: asBody(big) }), node('again', 'loop', { max_rounds: 1, body: asBody(big) }));
    expect(validator.validate(graph)).toEqual([{ node_id: null, field: 'nodes', message: 'must hold at most 200 nodes, bodies included' }]);
  });
});

describe('WorkflowValidator on a human_input schema', () => {
  it('When a human_input node’s input_schema is not a usable JSON Schema, Then it is refused at save, under the field', () => {
    const graph = linearGraph(node('ask', 'human_input', { prompt: 'Size?', input_schema: { type: 'nonsense' } }));
    expect(validator.validate(graph)).toEqual([expect.objectContaining({ node_id: 'ask', field: expect.stringMatching(/^nodes\[1\]\.config\.input_schema/) })]);
  });
});
