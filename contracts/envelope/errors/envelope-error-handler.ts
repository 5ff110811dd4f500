import { NextFunction, Request, Response } from 'express';
import { ValidateError } from '@tsoa/runtime';
import { DomainError } from '../../../core/shared/domain-error';
import { BODY_PROBLEM_STATUS, BodyError } from '../../http/body-parsing';
import { requestLog } from '../../http/http-logging';
import { Envelope } from '../dto/envelope.dto';
import { ENVELOPE_ERROR_MAP, ENVELOPE_SPECIFIC_CODES } from './error-map';

/** Renders every failure as `{code, message, data: null}`; a 500 never carries internals. */
export function envelopeErrorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  const { status, body } = render(error);
  const retryAfter = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  if (status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfter))));
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
    const mapped = ENVELOPE_SPECIFIC_CODES[error.code] ?? ENVELOPE_ERROR_MAP[error.reason];
    if (mapped) {
      return { status: mapped.status, body: { code: mapped.code, message: error.message, data: null } };
    }
  }
  return { status: 500, body: { code: 50000, message: 'Internal server error', data: null } };
}

export function envelopeNotFound(_req: Request, res: Response): void {
  res.status(404).json({ code: 40400, message: 'No such route', data: null });
}

/**
 * 405/40500 with `Allow` for a path the contract serves under other methods; what is left goes on
 * to the 404. The paths come from the OpenAPI document, so they never drift from the routes.
 */
export function envelopeMethodNotAllowed(openApiDocument: { paths?: Record<string, object> }) {
  const routes = Object.entries(openApiDocument.paths ?? {}).map(([path, operations]) => ({
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}/?$`),
    allow: Object.keys(operations).map((method) => method.toUpperCase()),
  }));
  return (req: Request, res: Response, next: NextFunction): void => {
    const route = routes.find(({ pattern }) => pattern.test(req.path));
    if (!route || route.allow.includes(req.method)) {
      next();
      return;
    }
    res.setHeader('Allow', route.allow.join(', '));
    res.status(405).json({ code: 40500, message: `Method ${req.method} not allowed here`, data: null });
  };
}
