import { inject, injectable } from 'inversify';
import { Approval, ApprovalDecision } from '../../domain/approval/approval.entity';
import { ApprovalClosedError, ApprovalDecidedError, ApprovalNotFoundError } from '../../domain/approval/approval.errors';
import { Actor } from '../../domain/auth/actor';
import { FINISHED_EXECUTION_STATUSES } from '../../domain/execution/execution.entity';
import { APPROVAL_REPOSITORY, ApprovalRepository } from '../../ports/approval-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { JSON_SCHEMA_VALIDATOR, JsonSchemaValidator } from '../../ports/json-schema-validator.port';
import { ValidationError } from '../../shared/common.errors';
import { FieldIssue } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { Page } from '../../shared/pagination';
import { checkPageRequest } from '../tools/page-request';
import { ApprovalInbox } from './approval-inbox.service';

/** What the owner answers: approve or reject an approval node, submit input to a human_input node. */
export interface ApprovalAnswer {
  decision: string;
  comment?: string;
  input?: JsonValue;
}

export const MAX_COMMENT_CHARS = 2000;
export const MAX_INPUT_CHARS = 100_000;

const DECISIONS: Record<Approval['kind'], Record<string, ApprovalDecision>> = {
  approval: { approve: 'approved', reject: 'rejected' },
  human_input: { submit: 'submitted' },
};

/**
 * The caller's approvals (`/approval`): the pending ones, and deciding one. Only the execution's
 * owner decides; anyone else is told it does not exist. A decision is final (a second one is a
 * conflict) and sends the parked execution back to its queue, to continue after the node. The
 * approval of an execution that ended meanwhile (cancelled) is no longer listed nor decided.
 */
@injectable()
export class ApprovalDesk {
  constructor(
    @inject(APPROVAL_REPOSITORY) private readonly approvals: ApprovalRepository,
    @inject(ApprovalInbox) private readonly inbox: Pick<ApprovalInbox, 'wake'>,
    @inject(JSON_SCHEMA_VALIDATOR) private readonly schemas: JsonSchemaValidator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(EXECUTION_REPOSITORY) private readonly executions: Pick<ExecutionRepository, 'findById'>,
  ) {}

  /** The caller's pending approvals whose executions still wait for them, oldest first. */
  async pending(actor: Actor, page?: number, pageSize?: number): Promise<Page<Approval>> {
    const { request, issues } = checkPageRequest(page, pageSize);
    if (issues.length > 0) throw new ValidationError('The list request is not valid', issues);
    return this.approvals.listPending({ ...request, ownerId: actor.userId });
  }

  async decide(actor: Actor, id: string, answer: ApprovalAnswer): Promise<Approval> {
    const approval = await this.approvals.findById(id);
    if (!approval || approval.ownerId !== actor.userId) throw new ApprovalNotFoundError(id);
    if (approval.status !== 'pending') throw new ApprovalDecidedError();
    await this.assertStillWaited(approval);
    const decision = DECISIONS[approval.kind][answer.decision];
    const issues = this.answerIssues(approval, answer, decision);
    if (issues.length > 0 || decision === undefined) throw new ValidationError('The decision is not valid', issues);
    const verdict = {
      decision,
      comment: answer.comment ?? '',
      input: approval.kind === 'human_input' ? (answer.input ?? null) : null,
      decidedAt: this.clock.now(),
    };
    if (!(await this.approvals.decide(id, verdict))) throw new ApprovalDecidedError();
    await this.inbox.wake(approval.executionId);
    return { ...approval, ...verdict, status: 'decided' };
  }

  /** A parked execution cancelled before its approval was decided leaves the approval pending, and nothing to resume. */
  private async assertStillWaited(approval: Approval): Promise<void> {
    const execution = await this.executions.findById(approval.executionId);
    if (!execution) throw new ApprovalNotFoundError(approval.id);
    if (FINISHED_EXECUTION_STATUSES.includes(execution.status)) throw new ApprovalClosedError(execution.status);
  }

  private answerIssues(approval: Approval, answer: ApprovalAnswer, decision: ApprovalDecision | undefined): FieldIssue[] {
    const issues: FieldIssue[] = [];
    if (decision === undefined)
      issues.push({ field: 'decision', message: `must be ${Object.keys(DECISIONS[approval.kind]).join(' or ')} for a ${approval.kind} node` });
    if (answer.comment !== undefined && answer.comment.length > MAX_COMMENT_CHARS)
      issues.push({ field: 'comment', message: `must be at most ${MAX_COMMENT_CHARS} characters` });
    if (approval.kind === 'approval') {
      if (answer.input !== undefined) issues.push({ field: 'input', message: 'is only taken by a human_input node' });
      return issues;
    }
    if (answer.input === undefined) return [...issues, { field: 'input', message: 'is required for a human_input node' }];
    if (JSON.stringify(answer.input).length > MAX_INPUT_CHARS)
      return [...issues, { field: 'input', message: `must be at most ${MAX_INPUT_CHARS} characters of JSON` }];
    if (approval.inputSchema === null) return issues;
    const compiled = this.schemas.compile(approval.inputSchema, 'input_schema');
    if (!compiled.ok) return [...issues, { field: 'input', message: 'cannot be checked: the node’s input_schema is not usable' }];
    return [
      ...issues,
      ...compiled.value.validate(answer.input).map((issue) => ({ field: issue.field === '' ? 'input' : `input.${issue.field}`, message: issue.message })),
    ];
  }
}
