import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { WORKFLOW_LIMITS } from '../../domain/workflow/workflow-limits';
import { WorkflowPayloadInput } from '../../domain/workflow/workflow-payload';
import { Workflow } from '../../domain/workflow/workflow.entity';
import { ValidationError } from '../../shared/common.errors';
import { summarizeIssues } from '../../shared/issue-summary';
import { offsetOf, Page } from '../../shared/pagination';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../ports/workflow-repository.port';
import { checkPageRequest } from '../tools/page-request';
import { WorkflowLookup } from './workflow-lookup';
import { WorkflowPayloadCheck } from './workflow-payload-check';
import { WorkflowStore } from './workflow-store.service';

export interface WorkflowListFilter {
  page?: number;
  pageSize?: number;
  search?: string;
}

/**
 * Creates, reads, lists and updates workflows. A workflow is its owner's: users see and change
 * only their own, admins every one; another user's workflow does not exist for them (404).
 * Every save is validated whole; creation is version 1 and every update the next version.
 */
@injectable()
export class WorkflowManager {
  constructor(
    @inject(WORKFLOW_REPOSITORY) private readonly workflows: WorkflowRepository,
    @inject(WorkflowLookup) private readonly lookup: WorkflowLookup,
    @inject(WorkflowPayloadCheck) private readonly check: WorkflowPayloadCheck,
    @inject(WorkflowStore) private readonly store: WorkflowStore,
  ) {}

  create(actor: Actor, input: WorkflowPayloadInput): Promise<Workflow> {
    return this.store.create(actor, this.check.require(input), 'create');
  }

  get(actor: Actor, id: string): Promise<Workflow> {
    return this.lookup.owned(actor, id);
  }

  /** The actor's workflows (an admin's: everyone's), newest first. */
  async list(actor: Actor, filter: WorkflowListFilter): Promise<Page<Workflow>> {
    const { request, issues } = checkPageRequest(filter.page, filter.pageSize);
    if (filter.search !== undefined && filter.search.length > WORKFLOW_LIMITS.searchChars) {
      issues.push({ field: 'search', message: `must be at most ${WORKFLOW_LIMITS.searchChars} characters` });
    }
    if (issues.length > 0) throw new ValidationError(summarizeIssues('Invalid workflow list request', issues), issues);
    const query = { ownerId: actor.role === 'admin' ? undefined : actor.userId, search: filter.search || undefined };
    const slice = await this.workflows.list(query, offsetOf(request), request.pageSize);
    return { items: slice.items, total: slice.total, page: request.page, pageSize: request.pageSize };
  }

  /** PUT: the body is the whole payload; the workflow becomes its next version. */
  update(actor: Actor, id: string, input: WorkflowPayloadInput): Promise<Workflow> {
    return this.store.replace(actor, id, this.check.require(input), 'update');
  }
}
