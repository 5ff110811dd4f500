import { NextFunction, Request, Response } from 'express';
import { ValidateError } from '@tsoa/runtime';
import { DomainError } from '../../../core/shared/domain-error';
import { BODY_PROBLEM_STATUS, BodyError } from '../../http/body-parsing';
import { requestLog } from '../../http/http-logging';
import { PromptErrorResponse } from '../dto/prompt-envelope.dto';
import { PromptLimitedErrorResponse } from '../dto/prompt-optimize.dto';
import { announcedRateLimit } from '../http/rate-limit-state';
import { PROMPT_ERROR_MAP } from './error-map';

/**
 * Renders every failure as `{code: <status>, message, data: null}`, plus `rate_limit` once the
 * request's key has been counted; a 500 never carries internals.
 */
export function promptErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = statusOf(error);
  if (status >= 500) {
    requestLog(req)?.error({ err: error }, 'request failed');
  }
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (status === 429 && retryAfter !== undefined) {
    res.setHeader('Retry-After', String(retryAfter));
  }
  const body: PromptErrorResponse = { code: status, message: messageOf(error, status), data: null };
  const rateLimit = announcedRateLimit(res);
  res.status(status).json(rateLimit ? ({ ...body, rate_limit: rateLimit } satisfies PromptLimitedErrorResponse) : body);
}

function statusOf(error: unknown): number {
  if (error instanceof ValidateError) return 400;
  if (error instanceof BodyError) return BODY_PROBLEM_STATUS[error.problem];
  if (error instanceof DomainError) return PROMPT_ERROR_MAP[error.reason] ?? 500;
  return 500;
}

function messageOf(error: unknown, status: number): string {
  if (status >= 500 && !(error instanceof DomainError)) return 'Internal server error';
  if (error instanceof ValidateError) {
    const first = Object.entries(error.fields)[0];
    return first ? `${first[0].replace(/^body\./, '')}: ${first[1].message}` : 'Invalid request parameters';
  }
  return (error as Error).message;
}

export function promptNotFound(_req: Request, res: Response): void {
  res.status(404).json({ code: 404, message: 'No such route', data: null });
}
