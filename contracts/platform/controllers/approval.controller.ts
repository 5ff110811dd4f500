import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Get, Path, Post, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { ApprovalDesk } from '../../../core/services/approvals/approval-desk.service';
import { actorOf } from '../auth/actor-of';
import { ApprovalDecisionRequest, ApprovalPageResponse, ApprovalResponse } from '../dto/approval.dto';
import { ErrorResponse } from '../dto/error.dto';
import { toApprovalAnswer, toApprovalPageResponse, toApprovalResponse } from '../mappers/approval.mapper';

/** Workflow executions waiting at an approval or human_input node (docs/workflows.md, "Parking"). Another user's approval is 404. */
@injectable()
@Route('api/v1/approval')
@Tags('Approval')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class ApprovalController extends Controller {
  constructor(@inject(ApprovalDesk) private readonly desk: ApprovalDesk) {
    super();
  }

  /** Your pending approvals, oldest first. */
  @Get('pending')
  @Response<ErrorResponse>(422, 'Bad pagination')
  public async pending(@Request() request: ExpressRequest, @Query() page?: number, @Query() page_size?: number): Promise<ApprovalPageResponse> {
    return toApprovalPageResponse(await this.desk.pending(actorOf(request), page, page_size));
  }

  /** Approve or reject (approval node), or submit input (human_input node); the execution continues after the node. */
  @Post('{approval_id}/decision')
  @Response<ErrorResponse>(404, 'No such approval')
  @Response<ErrorResponse>(409, 'Already decided')
  @Response<ErrorResponse>(422, 'A decision the node does not take, a comment too long, or input that does not match the schema')
  public async decide(@Request() request: ExpressRequest, @Path() approval_id: string, @Body() body: ApprovalDecisionRequest): Promise<ApprovalResponse> {
    return toApprovalResponse(await this.desk.decide(actorOf(request), approval_id, toApprovalAnswer(body)));
  }
}
