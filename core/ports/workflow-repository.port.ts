import { Workflow } from '../domain/workflow/workflow.entity';
import { token } from '../shared/token';

/** Stored workflows. Access rules live in the services, not here. */
export interface WorkflowRepository {
  findById(id: string): Promise<Workflow | undefined>;
  /** Of every owner's workflows named exactly `name` (case and all), the one updated last (webhooks' `by-name`). */
  findLatestByName(name: string): Promise<Workflow | undefined>;
  /** Stores a new workflow with every field as given. */
  create(workflow: Workflow): Promise<void>;
  /** Overwrites every field but `id`, `ownerId` and `createdAt`; throws `WorkflowNotFoundError` when there is no such workflow. */
  update(workflow: Workflow): Promise<void>;
}

export const WORKFLOW_REPOSITORY = token<WorkflowRepository>('WorkflowRepository');
