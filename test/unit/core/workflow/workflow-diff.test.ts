import { diffWorkflowVersions } from '../../../../core/domain/workflow/workflow-diff';
import { WorkflowVersion } from '../../../../core/domain/workflow/workflow-version';
import { edge, linearGraph, node } from '../../../fixtures/workflows/workflow.mother';

const version = (number: number, overrides: Partial<WorkflowVersion> = {}): WorkflowVersion => ({
  workflowId: 'w',
  version: number,
  name: 'Name',
  description: 'Text',
  graph: linearGraph(node('a', 'template', { template: 'x' })),
  createdAt: new Date(0),
  ...overrides,
});

describe('diffWorkflowVersions', () => {
  it('When nothing differs but key order, Then nothing is reported', () => {
    const before = version(1, { graph: { nodes: [{ id: 'a', type: 'template', config: { template: 'x', extra: { p: 1, q: 2 } } }], edges: [] } });
    const after = version(2, { graph: { nodes: [{ config: { extra: { q: 2, p: 1 }, template: 'x' }, type: 'template', id: 'a' }], edges: [] } });
    expect(diffWorkflowVersions(before, after)).toEqual({
      from: 1,
      to: 2,
      name: null,
      description: null,
      nodes: { added: [], removed: [], changed: [] },
      edges: { added: [], removed: [], changed: [] },
    });
  });

  it('When name and description change, Then both are reported from → to', () => {
    const diff = diffWorkflowVersions(version(1), version(2, { name: 'New', description: '' }));
    expect(diff.name).toEqual({ from: 'Name', to: 'New' });
    expect(diff.description).toEqual({ from: 'Text', to: '' });
  });

  it('When two edges join the same pair, Then they are matched in order, so dropping the second reports it alone', () => {
    const twice = { nodes: [node('start', 'start'), node('end', 'end')], edges: [edge('start', 'end'), edge('start', 'end')] };
    const once = { nodes: twice.nodes, edges: [edge('start', 'end')] };
    expect(diffWorkflowVersions(version(1, { graph: twice }), version(2, { graph: once })).edges).toEqual({
      added: [],
      removed: [edge('start', 'end')],
      changed: [],
    });
  });

  it('When a node changes type or position, Then it is changed with both sides', () => {
    const before = version(1, { graph: { nodes: [{ id: 'a', type: 'template', config: { template: 'x' } }], edges: [] } });
    const after = version(2, { graph: { nodes: [{ id: 'a', type: 'template', config: { template: 'x' }, position: { x: 1, y: 2 } }], edges: [] } });
    expect(diffWorkflowVersions(before, after).nodes.changed).toEqual([{ id: 'a', from: before.graph.nodes[0], to: after.graph.nodes[0] }]);
  });
});
