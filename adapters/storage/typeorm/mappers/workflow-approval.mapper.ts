import { Approval, ApprovalDecision, ApprovalStatus } from '../../../../core/domain/approval/approval.entity';
import { ParkKind } from '../../../../core/domain/workflow/graph-run-state';
import { JsonObject, JsonValue } from '../../../../core/shared/json';
import { WorkflowApprovalOrmEntity } from '../entities/workflow-approval.orm-entity';

const NO_TIME = new Date(0);

export function toApprovalRow(approval: Approval): WorkflowApprovalOrmEntity {
  return {
    id: approval.id,
    executionId: approval.executionId,
    nodeId: approval.nodeId,
    ownerId: approval.ownerId,
    kind: approval.kind,
    prompt: approval.prompt,
    inputSchema: { schema: approval.inputSchema },
    status: approval.status,
    decision: approval.decision ?? '',
    comment: approval.comment,
    input: { value: approval.input },
    createdAt: approval.createdAt,
    decidedAt: approval.decidedAt ?? NO_TIME,
  };
}

export function toApproval(row: WorkflowApprovalOrmEntity): Approval {
  const schema = (row.inputSchema as { schema?: JsonObject | null }).schema ?? null;
  const input = (row.input as { value?: JsonValue }).value ?? null;
  return {
    id: row.id,
    executionId: row.executionId,
    nodeId: row.nodeId,
    ownerId: row.ownerId,
    kind: row.kind as ParkKind,
    prompt: row.prompt,
    inputSchema: schema,
    status: row.status as ApprovalStatus,
    decision: row.decision === '' ? null : (row.decision as ApprovalDecision),
    comment: row.comment,
    input,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt.getTime() === NO_TIME.getTime() ? null : row.decidedAt,
  };
}
