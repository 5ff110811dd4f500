import { EnvelopeAgent, NewEnvelopeAgent } from '../domain/envelope/envelope-agent.entity';
import { Page, PageRequest } from '../shared/pagination';
import { token } from '../shared/token';

export interface EnvelopeAgentRepository {
  /** Returns the agent with its database id. */
  create(agent: NewEnvelopeAgent): Promise<EnvelopeAgent>;
  findById(id: number): Promise<EnvelopeAgent | null>;
  /** The owner's agents, oldest first. */
  listByOwner(ownerId: number, page: PageRequest): Promise<Page<EnvelopeAgent>>;
  /** Writes the payload fields and `updatedAt`. */
  update(agent: EnvelopeAgent): Promise<void>;
  /** Deletes the agent with its conversations and their messages. */
  delete(id: number): Promise<void>;
}

export const ENVELOPE_AGENT_REPOSITORY = token<EnvelopeAgentRepository>('EnvelopeAgentRepository');
