import { Agent } from '../../../../core/domain/agent/agent.entity';
import { AgentRunResult } from '../../../../core/domain/agent/agent-run';
import { AgentNotFoundError } from '../../../../core/domain/agent/agent.errors';
import { Actor } from '../../../../core/domain/auth/actor';
import { LlmCallBudget } from '../../../../core/domain/llm/llm-call-budget';
import { AgentRepository } from '../../../../core/ports/agent-repository.port';
import { canUseAgent } from '../../../../core/services/agents/agent-access';
import { AgentCaller } from '../../../../core/services/agents/agent-caller.service';
import { AgentRunner } from '../../../../core/services/agents/agent-runner.service';
import { anAgent } from '../../../fixtures/agents/agent.mother';

const owner: Actor = { userId: 'owner', role: 'user' };
const stranger: Actor = { userId: 'stranger', role: 'user' };
const admin: Actor = { userId: 'root', role: 'admin' };

const done: AgentRunResult = {
  success: true,
  output: 'done',
  steps: [],
  toolCalls: [],
  tokenUsage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
  iterations: 1,
  llmCalls: 1,
};

function callerOver(agents: Agent[]) {
  // AgentCaller only reads.
  const repository = { findById: async (id: string) => agents.find((a) => a.id === id) } as Partial<AgentRepository> as AgentRepository;
  const runs: Array<Parameters<AgentRunner['run']>> = [];
  const runner = { run: async (...args: Parameters<AgentRunner['run']>) => (runs.push(args), done) } as unknown as AgentRunner;
  return { caller: new AgentCaller(repository, runner), runs };
}

describe('canUseAgent', () => {
  it.each([
    ['the owner', owner, 'draft', true],
    ['an admin', admin, 'stopped', true],
    ['another user, of a draft', stranger, 'draft', false],
    ['another user, of a stopped agent', stranger, 'stopped', false],
    ['another user, of a deployed agent', stranger, 'deployed', true],
  ] as const)('When %s asks, Then the answer is as expected', (_who, actor, status, expected) => {
    expect(canUseAgent(actor, anAgent({ ownerId: 'owner', status }))).toBe(expected);
  });
});

describe('AgentCaller', () => {
  it('When the owner calls their agent, Then the runner runs it with the message and options', async () => {
    const agent = anAgent({ ownerId: 'owner' });
    const { caller, runs } = callerOver([agent]);
    const options = { budget: new LlmCallBudget(3) };
    await expect(caller.call(owner, agent.id, 'hello', options)).resolves.toBe(done);
    expect(runs).toEqual([[owner, agent, 'hello', options]]);
  });

  it('When another user calls a deployed agent, Then it runs', async () => {
    const agent = anAgent({ ownerId: 'owner', status: 'deployed' });
    const { caller, runs } = callerOver([agent]);
    await caller.call(stranger, agent.id, 'hello');
    expect(runs).toHaveLength(1);
  });

  it('When another user calls a draft agent, Then it is not found, exactly as a missing one', async () => {
    const agent = anAgent({ ownerId: 'owner', status: 'draft' });
    const { caller, runs } = callerOver([agent]);
    const hidden = caller.call(stranger, agent.id, 'hello');
    await expect(hidden).rejects.toBeInstanceOf(AgentNotFoundError);
    await expect(hidden).rejects.toMatchObject({ code: 'agent.not_found', message: `Agent "${agent.id}" not found` });
    await expect(caller.call(stranger, 'missing-id', 'hello')).rejects.toMatchObject({ code: 'agent.not_found' });
    expect(runs).toEqual([]);
  });
});
