import { inject, injectable } from 'inversify';
import { Agent, AGENT_STATUSES, AgentStatus } from '../../domain/agent/agent.entity';
import { AgentConflictError, AgentListCursorError, AgentValidationError, AgentVersionNotFoundError } from '../../domain/agent/agent.errors';
import { AgentListCursor } from '../../domain/agent/agent-list-cursor';
import { AGENT_LIMITS } from '../../domain/agent/agent-limits';
import { AgentPayloadInput, withPayload } from '../../domain/agent/agent-payload';
import { ListedAgent } from '../../domain/agent/listed-agent';
import { newAgent, versionOf } from '../../domain/agent/new-agent';
import { Actor } from '../../domain/auth/actor';
import { AGENT_REPOSITORY, AgentQuery, AgentRepository, AgentSeekSlice } from '../../ports/agent-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { FieldIssue } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';
import { offsetOf, Page } from '../../shared/pagination';
import { AuditTrail } from '../audit/audit-trail.service';
import { checkPageRequest } from '../tools/page-request';
import { recordAgentChange } from './agent-audit';
import { AgentLookup } from './agent-lookup';
import { AgentKnowledgeCheck } from './agent-knowledge-check';
import { AgentModelConfigCheck } from './agent-model-config-check';
import { agentOwner } from './agent-owner';
import { storeNewAgent } from './agent-store';
import { requireAgentPayload } from './agent-payload-check';
import { AGENT_SETTINGS, AgentSettings } from './agent-settings';

export interface AgentListFilter {
  page?: number;
  /** Instead of `page`: the `next` of the page before. */
  cursor?: AgentListCursor;
  pageSize?: number;
  search?: string;
  status?: string;
}

export interface AgentPage extends Page<ListedAgent> {
  /** Where the next page starts; null on the last page. */
  next: AgentListCursor | null;
}

/**
 * Creates, reads, lists and updates agents. Users see their own agents and every deployed one;
 * admins see all. Only the owner or an admin may change an agent: another user gets 404 while
 * it is invisible to them and 403 once it is deployed. Every version of the payload is kept.
 */
@injectable()
export class AgentManager {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(AgentLookup) private readonly lookup: AgentLookup,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AGENT_SETTINGS) private readonly settings: AgentSettings,
    @inject(AuditTrail) private readonly audit: AuditTrail,
    @inject(AgentModelConfigCheck) private readonly modelConfigs: AgentModelConfigCheck,
    @inject(AgentKnowledgeCheck) private readonly knowledge: AgentKnowledgeCheck,
  ) {}

  /** A draft at version 1, owned by the actor; fields left out take the defaults of decisions.md. */
  async create(actor: Actor, input: AgentPayloadInput): Promise<Agent> {
    const payload = requireAgentPayload(input, this.settings);
    await this.modelConfigs.requireOwned(actor.userId, payload);
    await this.knowledge.requireReadable(actor, payload);
    const agent = newAgent(this.ids.uuid(), actor.userId, payload, this.clock.now());
    await storeNewAgent(this.agents, this.unitOfWork, agent);
    await recordAgentChange(this.audit, actor, 'create', agent);
    return agent;
  }

  /** The agent, or with `version` the payload it had at that version (`updatedAt` is when that version was written). */
  async get(actor: Actor, id: string, version?: number): Promise<Agent> {
    const agent = await this.lookup.visible(actor, id);
    if (version === undefined || version === agent.version) return agent;
    if (!Number.isInteger(version) || version < 1) {
      throw new AgentValidationError('Invalid version', [{ field: 'version', message: 'must be an integer of at least 1' }]);
    }
    const stored = await this.agents.findVersion(agent.id, version);
    if (!stored) throw new AgentVersionNotFoundError(id, version);
    return { ...withPayload(agent, stored.payload), version: stored.version, updatedAt: stored.createdAt };
  }

  /**
   * A page by number, or the page after a cursor. A cursor keeps its place while agents are
   * created or deleted (no agent comes twice or is skipped) and costs what page 1 does at any depth.
   */
  async list(actor: Actor, filter: AgentListFilter): Promise<AgentPage> {
    const { cursor } = filter;
    if (cursor !== undefined && filter.page !== undefined) throw new AgentListCursorError('Pass either page or cursor, not both');
    const { request, issues } = checkPageRequest(cursor?.page ?? filter.page, filter.pageSize);
    issues.push(...filterIssues(filter));
    if (issues.length > 0) throw new AgentValidationError(summarizeIssues('Invalid agent list request', issues), issues);
    const query = {
      visibleTo: actor.role === 'admin' ? undefined : actor.userId,
      status: filter.status as AgentStatus | undefined,
      search: filter.search || undefined,
    };
    const { items, total, more } = cursor
      ? await this.agents.listAfter(query, cursor.after, request.pageSize)
      : await this.pageAt(query, offsetOf(request), request.pageSize);
    const last = items.at(-1);
    const next = more && last ? { page: request.page + 1, after: { createdAt: last.createdAt, id: last.id } } : null;
    return { items, total, page: request.page, pageSize: request.pageSize, next };
  }

  /** PUT: the body is the whole payload (fields left out take their defaults again); the version goes up by one. */
  async update(actor: Actor, id: string, input: AgentPayloadInput): Promise<Agent> {
    const payload = requireAgentPayload(input, this.settings);
    const updated = await this.unitOfWork.run(async () => {
      const current = await this.lookup.manageable(actor, id, 'update');
      await this.modelConfigs.requireOwned(current.ownerId, payload);
      await this.knowledge.requireReadable(agentOwner(actor, current), payload);
      const next: Agent = { ...withPayload(current, payload), version: current.version + 1, updatedAt: this.clock.now() };
      if (!(await this.agents.updateIfCurrent(next, current))) {
        throw new AgentConflictError('The agent changed while it was being updated; try again');
      }
      await this.agents.addVersion(versionOf(next));
      return next;
    });
    await recordAgentChange(this.audit, actor, 'update', updated);
    return updated;
  }

  private async pageAt(query: AgentQuery, offset: number, limit: number): Promise<AgentSeekSlice> {
    const slice = await this.agents.list(query, offset, limit);
    return { ...slice, more: offset + slice.items.length < slice.total };
  }
}

function filterIssues(filter: AgentListFilter): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (filter.status !== undefined && !(AGENT_STATUSES as ReadonlyArray<string>).includes(filter.status)) {
    issues.push({ field: 'status', message: `must be one of ${AGENT_STATUSES.join(', ')}` });
  }
  if (filter.search !== undefined && filter.search.length > AGENT_LIMITS.searchChars) {
    issues.push({ field: 'search', message: `must be at most ${AGENT_LIMITS.searchChars} characters` });
  }
  return issues;
}
