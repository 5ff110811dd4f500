import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { redactSecrets } from '../../domain/execution/redacted-json';
import { Execution, ExecutionTargetType } from '../../domain/execution/execution.entity';
import { NotFoundError, ValidationError } from '../../shared/common.errors';
import { FieldIssue } from '../../shared/domain-error';
import { Page } from '../../shared/pagination';
import { EXECUTION_REPOSITORY, ExecutionRepository, ExecutionStatistics } from '../../ports/execution-repository.port';
import { LLM_CALL_LOG, LlmCallLog, LlmCallSlice } from '../../ports/llm-call-log.port';
import { checkPageRequest } from '../tools/page-request';
import { ExecutionManager, filterIssues } from '../executions/execution-manager.service';
import { ExecutionLog, LoggedStep } from './execution-log';
import { loggedSteps } from './logged-steps';

export interface ExecutionLogFilter {
  targetType?: string;
  targetId?: string;
  status?: string;
  /** ISO 8601 instants: created at or after `since`, before `until`. */
  since?: string;
  until?: string;
  page?: number;
  pageSize?: number;
}

/**
 * The logs of the actor's executions (an admin's: everyone's): the records with their steps in
 * order, inputs and outputs redacted (credentials never come back), one step, the LLM calls, and
 * statistics. Another user's execution is not found.
 */
@injectable()
export class ExecutionLogReader {
  constructor(
    @inject(ExecutionManager) private readonly manager: Pick<ExecutionManager, 'get' | 'list'>,
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(LLM_CALL_LOG) private readonly llmCalls: LlmCallLog,
  ) {}

  /** The actor's executions, newest first, redacted. */
  async list(actor: Actor, filter: ExecutionLogFilter): Promise<Page<Execution>> {
    const { createdFrom, createdBefore } = checkRange(filter);
    const page = await this.manager.list(actor, { ...filter, createdFrom, createdBefore });
    return { ...page, items: page.items.map(redacted) };
  }

  async get(actor: Actor, executionId: string): Promise<ExecutionLog> {
    const execution = await this.manager.get(actor, executionId);
    return { execution: redacted(execution), steps: loggedSteps(execution.steps) };
  }

  /** Step `index` (0-based, as in the log). */
  async step(actor: Actor, executionId: string, index: number): Promise<LoggedStep> {
    const { steps } = await this.get(actor, executionId);
    const step = Number.isInteger(index) ? steps[index] : undefined;
    if (!step) throw new NotFoundError('execution_step', `Step ${index} of execution "${executionId}" not found`);
    return step;
  }

  /** The model calls the execution made, retries included, oldest first. */
  async llmCallsOf(actor: Actor, executionId: string, page?: number, pageSize?: number): Promise<LlmCallSlice & { page: number; pageSize: number }> {
    const { request, issues } = checkPageRequest(page, pageSize);
    if (issues.length > 0) throw new ValidationError('The list request is not valid', issues);
    await this.manager.get(actor, executionId);
    const slice = await this.llmCalls.list({ executionId }, (request.page - 1) * request.pageSize, request.pageSize);
    return { ...slice, ...request };
  }

  /** Counts by status, mean duration, tokens and LLM calls over the actor's executions (an admin's: everyone's). */
  async statistics(actor: Actor, filter: Omit<ExecutionLogFilter, 'status' | 'page' | 'pageSize'>): Promise<ExecutionStatistics> {
    const range = checkRange(filter);
    const issues = filterIssues(filter);
    if (issues.length > 0) throw new ValidationError('The statistics request is not valid', issues);
    return this.executions.statistics({
      ownerId: actor.role === 'admin' ? undefined : actor.userId,
      targetType: filter.targetType as ExecutionTargetType | undefined,
      targetId: filter.targetId,
      ...range,
    });
  }
}

function redacted(execution: Execution): Execution {
  return { ...execution, input: redactSecrets(execution.input), output: redactSecrets(execution.output), steps: execution.steps.map(redactSecrets) };
}

/** ISO 8601 only, so `since=1` is refused rather than read as a year. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

function checkRange(filter: { since?: string; until?: string }): { createdFrom?: Date; createdBefore?: Date } {
  const issues: FieldIssue[] = [];
  const instant = (field: 'since' | 'until'): Date | undefined => {
    const raw = filter[field];
    if (raw === undefined) return undefined;
    const date = new Date(raw);
    if (!ISO_INSTANT.test(raw) || Number.isNaN(date.getTime())) issues.push({ field, message: 'must be an ISO 8601 date or instant' });
    return date;
  };
  const createdFrom = instant('since');
  const createdBefore = instant('until');
  if (issues.length > 0) throw new ValidationError('The time range is not valid', issues);
  return { createdFrom, createdBefore };
}
