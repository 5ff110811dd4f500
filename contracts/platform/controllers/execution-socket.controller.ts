import { injectable } from 'inversify';
import { Controller, Get, Path, Query, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { ErrorResponse } from '../dto/error.dto';
import { UpgradeRequiredError } from '../errors/upgrade-required.error';

/**
 * The WebSocket endpoints, declared here for the OpenAPI document (decisions.md: GET answering 101).
 * A WebSocket handshake never reaches these methods: the server's `upgrade` listener answers it
 * (contracts/platform/websockets). A plain GET gets 426.
 */
@injectable()
@Route('api/v1/ws')
@Tags('Execution logs')
export class ExecutionSocketController extends Controller {
  /**
   * Push of an execution's run events over WebSocket: JSON messages `{seq, type, …}` (RunEventMessage, as `GET /execution-logs/{execution_id}/events` answers) (`status`,
   * `step`, then one `done` or `error`), the stored ones after `after` then live; the server closes
   * with 1000 after the terminal event. The token goes in `Authorization: Bearer` or, for browsers,
   * in `token` (query strings end up in logs: prefer the header). A refused handshake is a plain
   * HTTP answer: 401, 404 (no such execution, or another user's), 400 (bad `after`).
   * @param after Resume after this seq (the last one received); default 0, everything.
   * @param token The access token, for clients that cannot set headers.
   */
  @Get('executions/{execution_id}')
  @Security('bearer')
  @SuccessResponse(101, 'Switching Protocols: the socket then carries RunEventMessage JSON messages')
  @Response<ErrorResponse>(400, 'Bad `after`')
  @Response<ErrorResponse>(401, 'Missing, invalid or expired token')
  @Response<ErrorResponse>(404, 'No such execution')
  @Response<ErrorResponse>(426, 'upgrade_required: asked for without `Upgrade: websocket`')
  public async executionEvents(@Path() execution_id: string, @Query() after?: number, @Query() token?: string): Promise<void> {
    void execution_id;
    void after;
    void token;
    throw new UpgradeRequiredError();
  }
}
