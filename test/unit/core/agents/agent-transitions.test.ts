import { AGENT_STATUSES, AgentStatus } from '../../../../core/domain/agent/agent.entity';
import { IllegalAgentTransitionError } from '../../../../core/domain/agent/agent.errors';
import { AgentAction, isLegalAgentAction, nextAgentStatus } from '../../../../core/domain/agent/agent-transitions';

describe('agent transitions (decisions.md, "Agent record")', () => {
  const legal: Array<[AgentStatus, AgentAction, AgentStatus]> = [
    ['draft', 'deploy', 'deployed'],
    ['deployed', 'stop', 'stopped'],
    ['stopped', 'deploy', 'deployed'],
  ];

  it.each(legal)('When a %s agent is asked to %s, Then it becomes %s', (from, action, to) => {
    expect(nextAgentStatus(from, action)).toBe(to);
  });

  it('When any other move is asked, Then it is an illegal transition (agent.conflict)', () => {
    for (const from of AGENT_STATUSES) {
      for (const action of ['deploy', 'stop'] as const) {
        if (legal.some(([f, a]) => f === from && a === action)) continue;
        expect(isLegalAgentAction(from, action)).toBe(false);
        expect(() => nextAgentStatus(from, action)).toThrow(IllegalAgentTransitionError);
        expect(() => nextAgentStatus(from, action)).toThrow(
          expect.objectContaining({ code: 'agent.conflict', message: `Cannot ${action} an agent that is ${from}` }),
        );
      }
    }
  });
});
