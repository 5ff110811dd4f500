import { inject, injectable } from 'inversify';
import { Agent, AgentPayload } from '../../domain/agent/agent.entity';
import { AGENT_EXPORT_FORMAT, AGENT_EXPORT_SCHEMA_VERSION, AgentExport, exportMarkerIssues } from '../../domain/agent/agent-export';
import { AGENT_LIMITS } from '../../domain/agent/agent-limits';
import { AgentPayloadInput, payloadOf } from '../../domain/agent/agent-payload';
import { newAgent } from '../../domain/agent/new-agent';
import { Actor } from '../../domain/auth/actor';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { AuditTrail } from '../audit/audit-trail.service';
import { recordAgentChange } from './agent-audit';
import { AgentLookup } from './agent-lookup';
import { storeNewAgent } from './agent-store';
import { requireAgentPayload } from './agent-payload-check';
import { AGENT_SETTINGS, AgentSettings } from './agent-settings';

const COPY_SUFFIX = ' (copy)';

/** An export document as a client sent it: the marker, and a payload that is checked like a create. */
export interface AgentImportInput {
  format?: unknown;
  schemaVersion?: unknown;
  payload: AgentPayloadInput;
}

/**
 * Copies agents: duplicate (any agent the actor sees), export to a portable document, import
 * from one. A copy is always a new draft of the actor's at version 1: ids, owner, status,
 * version and times are never taken from the source.
 */
@injectable()
export class AgentCopier {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(AgentLookup) private readonly lookup: AgentLookup,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AGENT_SETTINGS) private readonly settings: AgentSettings,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /** A deep copy named "<name> (copy)". Another user's model configuration stays behind: it is not the actor's to use. */
  async duplicate(actor: Actor, id: string): Promise<Agent> {
    const source = await this.lookup.visible(actor, id);
    const payload = payloadOf(source);
    payload.name = `${source.name.slice(0, AGENT_LIMITS.nameChars - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    if (source.ownerId !== actor.userId) {
      // Neither is the actor's to use: a run would read its owner's bases with the actor's rights.
      delete payload.modelConfig.modelConfigId;
      delete payload.knowledgeBaseIds;
    }
    return this.store(actor, payload, 'duplicate');
  }

  /** The payload without `model_config_id` and `knowledge_base_ids`, which name records of this installation only. */
  async exportAgent(actor: Actor, id: string): Promise<AgentExport> {
    const payload = payloadOf(await this.lookup.visible(actor, id));
    delete payload.modelConfig.modelConfigId;
    delete payload.knowledgeBaseIds;
    return { format: AGENT_EXPORT_FORMAT, schemaVersion: AGENT_EXPORT_SCHEMA_VERSION, exportedAt: this.clock.now(), payload };
  }

  /** Checks the marker and the payload as a create does; a `model_config_id` or `knowledge_base_ids` in the file is ignored. */
  async import(actor: Actor, input: AgentImportInput): Promise<Agent> {
    const modelConfig = input.payload.modelConfig == null ? input.payload.modelConfig : { ...input.payload.modelConfig, modelConfigId: undefined };
    const file = { ...input.payload, modelConfig, knowledgeBaseIds: undefined };
    const payload = requireAgentPayload(file, this.settings, exportMarkerIssues(input.format, input.schemaVersion));
    return this.store(actor, payload, 'import');
  }

  private async store(actor: Actor, payload: AgentPayload, action: string): Promise<Agent> {
    const agent = newAgent(this.ids.uuid(), actor.userId, payload, this.clock.now());
    await storeNewAgent(this.agents, this.unitOfWork, agent);
    await recordAgentChange(this.audit, actor, action, agent);
    return agent;
  }
}
