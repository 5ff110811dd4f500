import { LlmCallBudget } from '../../../../../core/domain/llm/llm-call-budget';
import { agentNode, chainGraph } from '../../../../fixtures/executions/agent-graphs';
import { ModeHarness, ownAgent } from '../../../../fixtures/executions/mode-harness';
import { RespondingLlmProvider } from '../../../../fixtures/llm/responding-llm-provider';

describe('ExecutionModes (the dispatcher)', () => {
  it('When a mode does not apply to the target, Then check refuses it naming the modes that do', () => {
    const harness = new ModeHarness(new RespondingLlmProvider());
    try {
      harness.modes.check({ type: 'workflow', workflow: { id: 'w' } as never }, 'pipeline', {});
      throw new Error('expected a validation error');
    } catch (error) {
      expect(error).toMatchObject({ code: 'input.validation', details: [{ field: 'mode', message: 'must be one of graph for a workflow' }] });
    }
  });

  it.each(['sequential', 'pipeline', 'debate', 'graph'] as const)('When %s steps run, Then they all spend from the execution’s one budget', async (mode) => {
    const model = new RespondingLlmProvider();
    const harness = new ModeHarness(model);
    const agent = ownAgent({ workflowConfig: chainGraph(agentNode('a', 'A'), agentNode('b', 'B'), agentNode('c', 'C')) });
    const budget = new LlmCallBudget(2);

    const outcome = await harness.run(agent, { mode, input: 'x' }, { budget });

    expect(outcome).toMatchObject({ success: false, error: { code: 'budget_exceeded' } });
    expect(budget.calls).toBe(2);
    expect(model.requests).toHaveLength(2);
  });
});
