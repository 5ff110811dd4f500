import { inject, injectable } from 'inversify';
import { Agent } from '../../domain/agent/agent.entity';
import { AgentNotFoundError } from '../../domain/agent/agent.errors';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { ExecutionTargetType } from '../../domain/execution/execution.entity';
import { Workflow } from '../../domain/workflow/workflow.entity';
import { WorkflowNotFoundError } from '../../domain/workflow/workflow.errors';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../ports/workflow-repository.port';
import { WORKFLOW_VERSION_REPOSITORY, WorkflowVersionRepository } from '../../ports/workflow-version-repository.port';
import { NotFoundError } from '../../shared/common.errors';
import { canUseAgent } from '../agents/agent-access';

export interface ExecutionTarget {
  type: ExecutionTargetType;
  id: string;
  /** A workflow's pinned version (an execution's `targetVersion`): its snapshot is what runs. Absent or 0: the current one. */
  version?: number;
}

export type ResolvedTarget = { type: 'workflow'; workflow: Workflow } | { type: 'agent'; agent: Agent };

/**
 * Loads what an actor asks to run. A workflow runs for its owner or an admin, an agent for
 * whoever may use it; anything else is reported missing, so other users' records are never revealed.
 */
@injectable()
export class ExecutionTargets {
  constructor(
    @inject(WORKFLOW_REPOSITORY) private readonly workflows: WorkflowRepository,
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(WORKFLOW_VERSION_REPOSITORY) private readonly versions: WorkflowVersionRepository,
  ) {}

  async resolve(actor: Actor, target: ExecutionTarget): Promise<ResolvedTarget> {
    if (target.type === 'workflow') {
      const workflow = await this.workflows.findById(target.id);
      if (!workflow || !can(actor, 'execute', { ownerId: workflow.ownerId })) throw new WorkflowNotFoundError(target.id);
      return { type: 'workflow', workflow: await this.pinned(workflow, target.version) };
    }
    if (target.type === 'agent') {
      const agent = await this.agents.findById(target.id);
      if (!agent || !canUseAgent(actor, agent)) throw new AgentNotFoundError(target.id);
      return { type: 'agent', agent };
    }
    // A caller outside TypeScript's reach (a stored schedule, a job) may name any type.
    throw new NotFoundError('execution_target', `Execution target type "${String((target as { type: unknown }).type)}" not found`);
  }

  /**
   * The workflow as its version `version` was: a queued, paused or reclaimed run goes on with the
   * graph it started with, however the workflow was edited since. A version with no recorded
   * snapshot (a workflow stored before versions were kept) runs as the workflow is now.
   */
  private async pinned(workflow: Workflow, version: number | undefined): Promise<Workflow> {
    if (!version || version === workflow.version) return workflow;
    const snapshot = await this.versions.find(workflow.id, version);
    if (!snapshot) return workflow;
    return { ...workflow, name: snapshot.name, description: snapshot.description, graph: snapshot.graph, version: snapshot.version };
  }
}
