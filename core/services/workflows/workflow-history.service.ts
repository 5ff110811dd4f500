import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { diffWorkflowVersions, WorkflowDiff } from '../../domain/workflow/workflow-diff';
import { WorkflowVersionNotFoundError } from '../../domain/workflow/workflow-record.errors';
import { versionOf, WorkflowVersion } from '../../domain/workflow/workflow-version';
import { Workflow } from '../../domain/workflow/workflow.entity';
import { WORKFLOW_VERSION_REPOSITORY, WorkflowVersionRepository } from '../../ports/workflow-version-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { summarizeIssues } from '../../shared/issue-summary';
import { offsetOf, Page } from '../../shared/pagination';
import { checkPageRequest } from '../tools/page-request';
import { WorkflowLookup } from './workflow-lookup';
import { WorkflowPayloadCheck } from './workflow-payload-check';
import { WorkflowStore } from './workflow-store.service';

/**
 * A workflow's version history, for whoever may see the workflow: list, read one, compare two,
 * and roll back, which adds a new version equal to the old one (history is never rewritten).
 */
@injectable()
export class WorkflowHistory {
  constructor(
    @inject(WORKFLOW_VERSION_REPOSITORY) private readonly versions: WorkflowVersionRepository,
    @inject(WorkflowLookup) private readonly lookup: WorkflowLookup,
    @inject(WorkflowStore) private readonly store: WorkflowStore,
    @inject(WorkflowPayloadCheck) private readonly check: WorkflowPayloadCheck,
  ) {}

  /** Newest first. */
  async list(actor: Actor, id: string, page?: number, pageSize?: number): Promise<Page<WorkflowVersion>> {
    const checked = checkPageRequest(page, pageSize);
    if (checked.issues.length > 0) throw new ValidationError(summarizeIssues('Invalid version list request', checked.issues), checked.issues);
    const workflow = await this.lookup.owned(actor, id);
    const slice = await this.versions.list(workflow.id, offsetOf(checked.request), checked.request.pageSize);
    return { ...slice, page: checked.request.page, pageSize: checked.request.pageSize };
  }

  async get(actor: Actor, id: string, version: number): Promise<WorkflowVersion> {
    return this.versionOf(await this.lookup.owned(actor, id), version);
  }

  async diff(actor: Actor, id: string, from: number, to: number): Promise<WorkflowDiff> {
    const workflow = await this.lookup.owned(actor, id);
    return diffWorkflowVersions(await this.versionOf(workflow, from), await this.versionOf(workflow, to));
  }

  /**
   * The workflow as version `version` had it, stored as its next version. It is checked like any
   * save: a version the rules of today refuse (a node type since withdrawn) is not brought back (422).
   */
  async rollback(actor: Actor, id: string, version: number): Promise<Workflow> {
    const old = await this.versionOf(await this.lookup.owned(actor, id), version);
    const payload = this.check.require({ name: old.name, description: old.description, nodes: old.graph.nodes, edges: old.graph.edges });
    return this.store.replace(actor, id, payload, 'rollback');
  }

  private async versionOf(workflow: Workflow, version: number): Promise<WorkflowVersion> {
    if (!Number.isInteger(version) || version < 1) throw new WorkflowVersionNotFoundError(workflow.id, version);
    // The current version is the workflow itself, even when its history was not recorded (stored before versions existed).
    if (version === workflow.version) return versionOf(workflow);
    const stored = await this.versions.find(workflow.id, version);
    if (!stored) throw new WorkflowVersionNotFoundError(workflow.id, version);
    return stored;
  }
}
