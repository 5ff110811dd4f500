import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Controller, Get, Path, Query, Request, Response, Route, Security, Tags } from '@tsoa/runtime';
import { CallChainReader } from '../../../core/services/execution-logs/call-chain-reader.service';
import { ExecutionEventReader } from '../../../core/services/execution-logs/execution-event-reader.service';
import { ExecutionLogReader } from '../../../core/services/execution-logs/execution-log-reader.service';
import { ExecutionPerformanceAnalyst } from '../../../core/services/execution-logs/execution-performance-analyst.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import {
  CallChainResponse,
  ExecutionLlmCallPageResponse,
  ExecutionLogPageResponse,
  ExecutionLogResponse,
  ExecutionLogStepResponse,
  ExecutionPerformanceResponse,
  ExecutionStatisticsResponse,
  RunEventMessage,
} from '../dto/execution-log.dto';
import {
  toCallChain,
  toExecutionLog,
  toExecutionLogPage,
  toExecutionLogStep,
  toLlmCallPage,
  toPerformance,
  toStatistics,
} from '../mappers/execution-log.mapper';
import { toRunEventMessage } from '../mappers/run-event-message.mapper';

/** Logs of your executions (an admin's: everyone's): steps, LLM calls, run events, performance, call chain, statistics (docs/execution-logs.md). Another user's execution is 404. */
@injectable()
@Route('api/v1/execution-logs')
@Tags('Execution logs')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class ExecutionLogsController extends Controller {
  constructor(
    @inject(ExecutionLogReader) private readonly logs: ExecutionLogReader,
    @inject(ExecutionEventReader) private readonly events: ExecutionEventReader,
    @inject(ExecutionPerformanceAnalyst) private readonly analyst: ExecutionPerformanceAnalyst,
    @inject(CallChainReader) private readonly chains: CallChainReader,
  ) {
    super();
  }

  /**
   * Your executions' logs, newest first.
   * @param since ISO 8601: created at or after.
   * @param until ISO 8601: created before.
   */
  @Get()
  @Response<ErrorResponse>(422, 'Unknown target_type or status, a bad date, or bad pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Query() target_type?: string,
    @Query() target_id?: string,
    @Query() status?: string,
    @Query() since?: string,
    @Query() until?: string,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<ExecutionLogPageResponse> {
    const filter = { targetType: target_type, targetId: target_id, status, since, until, page, pageSize: page_size };
    return toExecutionLogPage(await this.logs.list(actorOf(request), filter));
  }

  /** Counts by status, mean duration, tokens and LLM calls over your executions (an admin's: everyone's). */
  @Get('statistics')
  @Response<ErrorResponse>(422, 'Unknown target_type or a bad date')
  public async statistics(
    @Request() request: ExpressRequest,
    @Query() target_type?: string,
    @Query() target_id?: string,
    @Query() since?: string,
    @Query() until?: string,
  ): Promise<ExecutionStatisticsResponse> {
    return toStatistics(await this.logs.statistics(actorOf(request), { targetType: target_type, targetId: target_id, since, until }));
  }

  /** One execution's log: the record (input and output redacted) and its steps in order. */
  @Get('{execution_id}')
  @Response<ErrorResponse>(404, 'No such execution')
  public async get(@Request() request: ExpressRequest, @Path() execution_id: string): Promise<ExecutionLogResponse> {
    return toExecutionLog(await this.logs.get(actorOf(request), execution_id));
  }

  /**
   * One step of the log.
   * @param index 0-based position of the step.
   * @isInt index
   */
  @Get('{execution_id}/steps/{index}')
  @Response<ErrorResponse>(404, 'No such execution or step')
  public async step(@Request() request: ExpressRequest, @Path() execution_id: string, @Path() index: number): Promise<ExecutionLogStepResponse> {
    return toExecutionLogStep(await this.logs.step(actorOf(request), execution_id, index));
  }

  /** The model calls the execution made, retries included, oldest first. */
  @Get('{execution_id}/llm-calls')
  @Response<ErrorResponse>(404, 'No such execution')
  public async llmCalls(
    @Request() request: ExpressRequest,
    @Path() execution_id: string,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<ExecutionLlmCallPageResponse> {
    return toLlmCallPage(await this.logs.llmCallsOf(actorOf(request), execution_id, page, page_size));
  }

  /**
   * The execution's run events after `after`, in order: the messages the WebSocket pushes.
   * @param after Only events with a greater seq; default 0.
   */
  @Get('{execution_id}/events')
  @Response<ErrorResponse>(400, 'Bad `after`')
  @Response<ErrorResponse>(404, 'No such execution')
  public async runEvents(@Request() request: ExpressRequest, @Path() execution_id: string, @Query() after?: number): Promise<RunEventMessage[]> {
    return (await this.events.read(actorOf(request), execution_id, after)).map(toRunEventMessage);
  }

  /** Where the execution spent its time and tokens: slowest steps, tokens per step, model time against tool time. */
  @Get('{execution_id}/performance')
  @Response<ErrorResponse>(404, 'No such execution')
  public async performance(@Request() request: ExpressRequest, @Path() execution_id: string): Promise<ExecutionPerformanceResponse> {
    return toPerformance(await this.analyst.analyse(actorOf(request), execution_id));
  }

  /** The chain of nested runs the execution belongs to: from its root (through `parent_execution_id`) down to every run started from it. */
  @Get('{execution_id}/call-chain')
  @Response<ErrorResponse>(404, 'No such execution')
  public async callChain(@Request() request: ExpressRequest, @Path() execution_id: string): Promise<CallChainResponse> {
    return toCallChain(execution_id, await this.chains.chain(actorOf(request), execution_id));
  }
}
