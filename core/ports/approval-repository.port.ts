import { Approval, ApprovalDecision } from '../domain/approval/approval.entity';
import { JsonValue } from '../shared/json';
import { Page, PageRequest } from '../shared/pagination';
import { token } from '../shared/token';

export interface ApprovalVerdict {
  decision: ApprovalDecision;
  comment: string;
  input: JsonValue;
  decidedAt: Date;
}

/** Stored approvals of parked workflow executions. Access rules live in the services, not here. */
export interface ApprovalRepository {
  findById(id: string): Promise<Approval | undefined>;
  /** The approval of one node of one execution, if it was opened. */
  findByNode(executionId: string, nodeId: string): Promise<Approval | undefined>;
  /** Stores a new approval; false, storing nothing, when that execution's node has one already. */
  create(approval: Approval): Promise<boolean>;
  /**
   * Pending approvals whose executions have not finished (a cancelled execution waits for nothing),
   * oldest first; one owner's when `ownerId` is given.
   */
  listPending(query: PageRequest & { ownerId?: string }): Promise<Page<Approval>>;
  /** pending → decided with `verdict`, atomically: of racing deciders exactly one gets true. */
  decide(id: string, verdict: ApprovalVerdict): Promise<boolean>;
}

export const APPROVAL_REPOSITORY = token<ApprovalRepository>('ApprovalRepository');
