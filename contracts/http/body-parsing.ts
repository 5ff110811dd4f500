import express, { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth';

export type BodyProblem = 'malformed_json' | 'too_deep' | 'too_large' | 'too_many_fields' | 'unsupported_type' | 'bad_encoding';

/** The status of each refusal; a body that is too big, or has too many parts, is 413 everywhere. */
export const BODY_PROBLEM_STATUS: Record<BodyProblem, 400 | 413> = {
  malformed_json: 400,
  too_deep: 400,
  too_large: 413,
  too_many_fields: 413,
  unsupported_type: 400,
  bad_encoding: 400,
};

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

/** Fields a form post may carry: our forms have a handful, and each field costs a parse and a key. */
export const MAX_FORM_FIELDS = 100;

export interface BodyParsingOptions {
  limitBytes: number;
  /** Media types accepted besides JSON, e.g. form posts or uploads. */
  alsoAccept?: string[];
}

/**
 * JSON (and any other accepted types) with a size cap; everything else is refused early. A request
 * without a body (no Content-Length, no Transfer-Encoding: most GETs) skips the parsers, which
 * would only have set the empty `req.body` they set here.
 */
export function bodyParsing(options: BodyParsingOptions): Array<RequestHandler | ErrorRequestHandler> {
  const accepted = ['application/json', ...(options.alsoAccept ?? [])];
  const parseJson = express.json({ limit: options.limitBytes, strict: true, verify: refuseDeepJson });
  const parseForm = express.urlencoded({ limit: options.limitBytes, extended: false, parameterLimit: MAX_FORM_FIELDS });
  return [
    (req: Request, res: Response, next: NextFunction) => {
      const lengthHeader = req.headers['content-length'];
      const chunked = req.headers['transfer-encoding'] !== undefined;
      if (!chunked && lengthHeader === undefined) {
        req.body ??= {};
        next();
        return;
      }
      const hasBody = chunked || Number(lengthHeader ?? 0) > 0;
      if (BODY_METHODS.has(req.method) && hasBody && !accepted.some((type) => req.is(type))) {
        next(new BodyError('unsupported_type', `Content-Type must be one of: ${accepted.join(', ')}`));
        return;
      }
      parseJson(req, res, (error?: unknown) => (error ? next(error) : parseForm(req, res, next)));
    },
    translateParserErrors,
  ];
}

function refuseDeepJson(_req: Request, _res: Response, body: Buffer): void {
  if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) {
    throw new BodyError('too_deep', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
}

function translateParserErrors(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') {
    next(new BodyError('malformed_json', 'The request body is not valid JSON'));
  } else if (type === 'entity.too.large') {
    next(new BodyError('too_large', 'The request body is too large'));
  } else if (type === 'parameters.too.many') {
    next(new BodyError('too_many_fields', `The form has more than ${MAX_FORM_FIELDS} fields`));
  } else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
    next(new BodyError('bad_encoding', 'The request body encoding is not supported'));
  } else {
    next(error);
  }
}
