import { variableAssignNode } from '../../../../../core/services/workflows/nodes/variable-assign-node';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

describe('variable_assign node', () => {
  it('When it runs, Then each variable takes its rendered template or literal value, whole placeholders keeping their type', async () => {
    const context = nodeContext({
      type: 'variable_assign',
      config: {
        assignments: {
          count: '{{input.count}}',
          items: '{{nodes.fetch.output.items}}',
          greeting: 'Hello {{input.name}}',
          fixed: 42,
          flags: { urgent: true, owner: '{{input.name}}' },
          missing: '{{input.nothing}}',
        },
      },
      input: { count: 3, name: 'Ada' },
      outputs: { fetch: { items: [{ id: 1 }] } },
    });

    await expect(variableAssignNode.run(context)).resolves.toEqual({
      output: { count: 3, items: [{ id: 1 }], greeting: 'Hello Ada', fixed: 42, flags: { urgent: true, owner: 'Ada' }, missing: '' },
    });
  });

  it('When a variable is named __proto__, Then it is an ordinary key of the output and no prototype changes', async () => {
    const config = JSON.parse('{"assignments": {"__proto__": {"polluted": "{{input.x}}"}}}');
    const result = await variableAssignNode.run(nodeContext({ type: 'variable_assign', config, input: { x: 'yes' } }));

    expect(Object.prototype.hasOwnProperty.call(result.output, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.output)).toBe(Object.prototype);
  });
});
