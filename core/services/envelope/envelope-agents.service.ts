import { inject, injectable } from 'inversify';
import { EnvelopeAgent } from '../../domain/envelope/envelope-agent.entity';
import { EnvelopeAgentInput, newEnvelopeAgentPayload, updatedEnvelopeAgentPayload } from '../../domain/envelope/envelope-agent.rules';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ENVELOPE_AGENT_REPOSITORY, EnvelopeAgentRepository } from '../../ports/envelope-agent-repository.port';
import { Page, PageRequest } from '../../shared/pagination';
import { checkedPage } from '../knowledge/checked-page';
import { EnvelopeKnowledge } from './envelope-knowledge.service';
import { owned } from './envelope-ownership';

/** CRUD of a user's envelope agents; only the owner reads or changes one. */
@injectable()
export class EnvelopeAgents {
  constructor(
    @inject(ENVELOPE_AGENT_REPOSITORY) private readonly agents: EnvelopeAgentRepository,
    @inject(EnvelopeKnowledge) private readonly knowledge: EnvelopeKnowledge,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(userId: number, input: EnvelopeAgentInput): Promise<EnvelopeAgent> {
    const payload = newEnvelopeAgentPayload(input);
    const now = this.clock.now();
    return this.agents.create({ ...payload, ownerId: userId, createdAt: now, updatedAt: now });
  }

  async get(userId: number, agentId: number): Promise<EnvelopeAgent> {
    return owned(await this.agents.findById(agentId), userId, 'envelope_agent', 'Agent');
  }

  list(userId: number, page: Partial<PageRequest>): Promise<Page<EnvelopeAgent>> {
    return this.agents.listByOwner(userId, checkedPage(page));
  }

  /** Partial update: fields left out keep their values. */
  async update(userId: number, agentId: number, input: EnvelopeAgentInput): Promise<EnvelopeAgent> {
    const agent = await this.get(userId, agentId);
    const updated: EnvelopeAgent = { ...agent, ...updatedEnvelopeAgentPayload(agent, input), updatedAt: this.clock.now() };
    await this.agents.update(updated);
    return updated;
  }

  /** Its conversations and its knowledge go with it. */
  async delete(userId: number, agentId: number): Promise<void> {
    await this.get(userId, agentId);
    await this.knowledge.forget(userId, agentId);
    await this.agents.delete(agentId);
  }
}
