import { Workflow } from '../domain/workflow/workflow.entity';
import { token } from '../shared/token';

/** Which workflows a list reads: one owner's (or every owner's), optionally matching a search. */
export interface WorkflowQuery {
  /** Undefined: every owner's (an admin's view). */
  ownerId?: string;
  /** Substring of the name or description, case-insensitive for ASCII letters; `%` and `_` are literal. */
  search?: string;
}

/** Stored workflows. Access rules live in the services, not here. */
export interface WorkflowRepository {
  findById(id: string): Promise<Workflow | undefined>;
  /** Of every owner's workflows named exactly `name` (case and all), the one updated last (webhooks' `by-name`). */
  findLatestByName(name: string): Promise<Workflow | undefined>;
  /** Stores a new workflow with every field as given. */
  create(workflow: Workflow): Promise<void>;
  /** Overwrites every field but `id`, `ownerId` and `createdAt`; throws `WorkflowNotFoundError` when there is no such workflow. */
  update(workflow: Workflow): Promise<void>;
  /** As `update`, only while the stored version is still `expectedVersion`; false when it moved on or is gone. */
  updateIfVersion(workflow: Workflow, expectedVersion: number): Promise<boolean>;
  /** Newest first (by creation). */
  list(query: WorkflowQuery, offset: number, limit: number): Promise<{ items: Workflow[]; total: number }>;
  /** False when there was no such workflow. */
  delete(id: string): Promise<boolean>;
}

export const WORKFLOW_REPOSITORY = token<WorkflowRepository>('WorkflowRepository');
