import { emptyRunState, GraphRunState, SettledNode } from '../../../../../core/domain/workflow/graph-run-state';
import { WorkflowStep } from '../../../../../core/domain/workflow/workflow-run';
import { RunStateSize } from '../../../../../core/services/executions/modes/run-state-size';
import { ZERO_USAGE } from '../../../../../core/domain/llm/chat-message';

const settled = (output: string, seq: number): SettledNode => ({ status: 'completed', output, branch: null, attempts: 1, error: null, seq });
const step = (nodeId: string) => ({ node_id: nodeId }) as WorkflowStep;

describe('RunStateSize', () => {
  it('When nodes settle checkpoint after checkpoint, Then the size kept up equals the length of the whole state serialised', () => {
    const state: GraphRunState = emptyRunState();
    const steps: WorkflowStep[] = [];
    const size = new RunStateSize(Number.MAX_SAFE_INTEGER);
    for (const [index, nodeId] of ['start', 'a"quoted"', 'é', 'loop'].entries()) {
      state.settled[nodeId] = settled('x'.repeat(index * 100), index);
      steps.push(step(nodeId));
      state.progress = index === 2 ? { loop: { rounds: 2, last: 'r' } } : {};
      const whole = JSON.stringify(state).length;
      const exact = new RunStateSize(whole);
      const under = new RunStateSize(whole - 10);
      // Each fed every checkpoint so far, as in a run.
      for (let upTo = 1; upTo <= steps.length; upTo += 1) {
        exact.exceeded({ steps: steps.slice(0, upTo), tokenUsage: ZERO_USAGE, state });
        under.exceeded({ steps: steps.slice(0, upTo), tokenUsage: ZERO_USAGE, state });
      }
      expect(exact.exceeded({ steps, tokenUsage: ZERO_USAGE, state })).toBe(false);
      expect(under.exceeded({ steps, tokenUsage: ZERO_USAGE, state })).toBe(true);
      expect(size.exceeded({ steps, tokenUsage: ZERO_USAGE, state })).toBe(false);
    }
  });
});
