import express, { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';

export type BodyProblem = 'malformed_json' | 'too_large' | 'unsupported_type' | 'bad_encoding';

/** A request body the parsers refused; each contract renders it in its own error shape. */
export class BodyError extends Error {
  constructor(
    readonly problem: BodyProblem,
    message: string,
  ) {
    super(message);
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export interface BodyParsingOptions {
  limitBytes: number;
  /** Media types accepted besides JSON, e.g. form posts or uploads. */
  alsoAccept?: string[];
}

/** JSON (and any other accepted types) with a size cap; everything else is refused early. */
export function bodyParsing(options: BodyParsingOptions): Array<RequestHandler | ErrorRequestHandler> {
  const accepted = ['application/json', ...(options.alsoAccept ?? [])];
  return [
    (req: Request, _res: Response, next: NextFunction) => {
      const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
      if (BODY_METHODS.has(req.method) && hasBody && !accepted.some((type) => req.is(type))) {
        next(new BodyError('unsupported_type', `Content-Type must be one of: ${accepted.join(', ')}`));
        return;
      }
      next();
    },
    express.json({ limit: options.limitBytes, strict: true }),
    express.urlencoded({ limit: options.limitBytes, extended: false }),
    translateParserErrors,
  ];
}

function translateParserErrors(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') {
    next(new BodyError('malformed_json', 'The request body is not valid JSON'));
  } else if (type === 'entity.too.large') {
    next(new BodyError('too_large', 'The request body is too large'));
  } else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    next(new BodyError('bad_encoding', 'The request body encoding is not supported'));
  } else {
    next(error);
  }
}
