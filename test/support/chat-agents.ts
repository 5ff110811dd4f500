import { Agent } from '../../core/domain/agent/agent.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../core/ports/agent-repository.port';
import { anAgent } from '../fixtures/agents/agent.mother';
import { PlatformUser } from './platform-user';
import { StartedApp } from './started-app';

/** Stores an agent of `owner` straight through the app's repository: an offline-model agent offered the calculator unless overridden. */
export async function storeAgent(app: StartedApp, owner: PlatformUser, overrides: Partial<Agent> = {}): Promise<Agent> {
  const agent = anAgent({
    ownerId: owner.id,
    systemPrompt: '',
    includeTools: ['calculator'],
    modelConfig: { provider: 'offline', modelName: 'offline-1', temperature: 0.2 },
    ...overrides,
  });
  await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
  return agent;
}

/** Resolves once `check` answers true, polling; fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
