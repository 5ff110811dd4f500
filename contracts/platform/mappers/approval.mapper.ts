import { Approval } from '../../../core/domain/approval/approval.entity';
import { ApprovalAnswer } from '../../../core/services/approvals/approval-desk.service';
import { JsonValue } from '../../../core/shared/json';
import { Page } from '../../../core/shared/pagination';
import { ApprovalDecisionRequest, ApprovalPageResponse, ApprovalResponse } from '../dto/approval.dto';

export function toApprovalResponse(approval: Approval): ApprovalResponse {
  return {
    id: approval.id,
    execution_id: approval.executionId,
    node_id: approval.nodeId,
    kind: approval.kind,
    prompt: approval.prompt,
    input_schema: approval.inputSchema,
    status: approval.status,
    decision: approval.decision,
    comment: approval.comment,
    input: approval.input,
    created_at: approval.createdAt.toISOString(),
    decided_at: approval.decidedAt?.toISOString() ?? null,
  };
}

export function toApprovalPageResponse(page: Page<Approval>): ApprovalPageResponse {
  return { items: page.items.map(toApprovalResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toApprovalAnswer(body: ApprovalDecisionRequest): ApprovalAnswer {
  // The JSON parser produced the body: `input` is JSON.
  return { decision: body.decision, comment: body.comment, input: body.input as JsonValue | undefined };
}
