import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Header, Path, Post, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { WebhookTrigger } from '../../../core/services/webhooks/webhook-trigger.service';
import { ErrorResponse } from '../dto/error.dto';
import { WebhookAcceptedResponse } from '../dto/webhook.dto';
import { toWebhookAcceptedResponse } from '../mappers/webhook.mapper';
import { webhookRequestOf } from '../webhooks/webhook-request';

/**
 * Starts a workflow from another system (docs/workflows.md, "Webhooks"). The global token
 * `WEBHOOK_AUTH_TOKEN` goes in the `X-Webhook-Token` header and nowhere else; the workflow runs
 * as its owner, queued, with `{body, headers, query}` as its input (credential headers removed).
 */
@injectable()
@Route('api/v1/webhooks')
@Tags('Webhooks')
@Security('webhook_token')
@Response<ErrorResponse>(401, 'Missing or wrong X-Webhook-Token, or a token in the query string, body or Authorization header')
@Response<ErrorResponse>(404, 'No such workflow, or webhooks are off (no WEBHOOK_AUTH_TOKEN configured)')
@Response<ErrorResponse>(409, 'A delivery with this Idempotency-Key is still being accepted; retry shortly')
@Response<ErrorResponse>(413, 'The delivery is larger than WEBHOOK_MAX_BODY_BYTES')
@Response<ErrorResponse>(422, 'Invalid Idempotency-Key')
@Response<ErrorResponse>(429, "rate_limited: the workflow's owner started too many executions this minute; see Retry-After")
export class WebhooksController extends Controller {
  constructor(@inject(WebhookTrigger) private readonly trigger: WebhookTrigger) {
    super();
  }

  /**
   * Queues a run of the workflow and answers 202 at once with its execution id.
   * @param _idempotencyKey A retried delivery with the same key for the same workflow runs once and answers the first one's execution (remembered `WEBHOOK_IDEMPOTENCY_HOURS`).
   * @param _body Any JSON (or form) body; the workflow receives it as `body`.
   */
  @Post('by-name/{name}')
  @SuccessResponse(202, 'Queued')
  public async byName(
    @Request() request: ExpressRequest,
    @Path() name: string,
    // Declared for the API document; the delivery is read whole from the request.
    @Header('Idempotency-Key') _idempotencyKey?: string,
    @Body() _body?: unknown,
  ): Promise<WebhookAcceptedResponse> {
    return this.accepted(await this.trigger.trigger({ workflowName: name }, webhookRequestOf(request)));
  }

  /**
   * Queues a run of the workflow and answers 202 at once with its execution id.
   * @param _idempotencyKey A retried delivery with the same key for the same workflow runs once and answers the first one's execution (remembered `WEBHOOK_IDEMPOTENCY_HOURS`).
   * @param _body Any JSON (or form) body; the workflow receives it as `body`.
   */
  @Post('{workflow_id}')
  @SuccessResponse(202, 'Queued')
  public async byId(
    @Request() request: ExpressRequest,
    @Path() workflow_id: string,
    // Declared for the API document; the delivery is read whole from the request.
    @Header('Idempotency-Key') _idempotencyKey?: string,
    @Body() _body?: unknown,
  ): Promise<WebhookAcceptedResponse> {
    return this.accepted(await this.trigger.trigger({ workflowId: workflow_id }, webhookRequestOf(request)));
  }

  private accepted(delivery: Parameters<typeof toWebhookAcceptedResponse>[0]): WebhookAcceptedResponse {
    this.setStatus(202);
    return toWebhookAcceptedResponse(delivery);
  }
}
