import { NextFunction, Request, Response } from 'express';
import { ValidateError } from '@tsoa/runtime';
import { DomainError } from '../../../core/shared/domain-error';
import { BODY_PROBLEM_STATUS, BodyError } from '../../http/body-parsing';
import { requestLog } from '../../http/http-logging';
import { Envelope } from '../dto/envelope.dto';
import { ENVELOPE_ERROR_MAP } from './error-map';

/** Renders every failure as `{code, message, data: null}`; a 500 never carries internals. */
export function envelopeErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const { status, body } = render(error);
  if (status >= 500) {
    requestLog(req)?.error({ err: error }, 'request failed');
  }
  res.status(status).json(body);
}

function render(error: unknown): { status: number; body: Envelope<null> } {
  if (error instanceof ValidateError) {
    const first = Object.entries(error.fields)[0];
    const message = first ? `${first[0].replace(/^body\./, '')}: ${first[1].message}` : 'Invalid request parameters';
    return { status: 400, body: { code: 40000, message, data: null } };
  }
  if (error instanceof BodyError) {
    return BODY_PROBLEM_STATUS[error.problem] === 413
      ? { status: 413, body: { code: 41300, message: error.message, data: null } }
      : { status: 400, body: { code: 40000, message: error.message, data: null } };
  }
  if (error instanceof DomainError) {
    const mapped = ENVELOPE_ERROR_MAP[error.reason];
    if (mapped) {
      return { status: mapped.status, body: { code: mapped.code, message: error.message, data: null } };
    }
  }
  return { status: 500, body: { code: 50000, message: 'Internal server error', data: null } };
}

export function envelopeNotFound(_req: Request, res: Response): void {
  res.status(404).json({ code: 40400, message: 'No such route', data: null });
}
