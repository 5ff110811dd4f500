import { NextFunction, Request, Response } from 'express';
import { ValidateError } from '@tsoa/runtime';
import { DomainError, FieldIssue } from '../../../core/shared/domain-error';
import { BODY_PROBLEM_STATUS, BodyError } from '../../http/body-parsing';
import { requestLog } from '../../http/http-logging';
import { PLATFORM_ERROR_MAP } from './error-map';

export interface PlatformErrorBody {
  error: string;
  message: string;
  details?: FieldIssue[];
}

/** The platform's only error renderer: `{error, message[, details]}`, never a stack or driver text (rule 9). */
export function platformErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const { status, body } = renderPlatformError(error);
  if (status >= 500) {
    requestLog(req)?.error({ err: error }, 'request failed');
  }
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (status === 429 && retryAfter !== undefined) {
    res.setHeader('Retry-After', String(retryAfter));
  }
  res.status(status).json(body);
}

/** The status and body the platform answers for `error` (WebSocket refusals use it too). */
export function renderPlatformError(error: unknown): { status: number; body: PlatformErrorBody } {
  if (error instanceof ValidateError) {
    const details = Object.entries(error.fields).map(([field, issue]) => ({ field: fieldName(field), message: issue.message }));
    return { status: 422, body: { error: 'validation_error', message: 'Request validation failed', details } };
  }
  if (error instanceof BodyError) {
    const status = BODY_PROBLEM_STATUS[error.problem];
    return { status, body: { error: status === 413 ? 'payload_too_large' : 'bad_request', message: error.message } };
  }
  if (error instanceof DomainError) {
    const mapped = PLATFORM_ERROR_MAP[error.reason];
    if (mapped) {
      const body: PlatformErrorBody = { error: mapped.error, message: error.message };
      if (error.details?.length) body.details = [...error.details];
      return { status: mapped.status, body };
    }
  }
  return { status: 500, body: { error: 'internal_error', message: 'An internal error occurred' } };
}

/** tsoa names fields `body.email`, `page` or `body.tags.$0`; clients know them as `email`, `page` and `tags[0]`. */
function fieldName(path: string): string {
  return path.replace(/^(body|requestBody|form)\./, '').replace(/\.\$(\d+)/g, '[$1]');
}

export function platformNotFound(_req: Request, res: Response): void {
  res.status(404).json({ error: 'not_found', message: 'No such route' });
}
