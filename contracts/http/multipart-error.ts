import { MulterError } from 'multer';
import { BadRequestError } from '../../core/shared/common.errors';
import { BodyError } from './body-parsing';

/**
 * A multipart parser's failure as every upload route answers it: a file past the cap is 413, a body
 * that is not multipart at all 400, and any other form problem whatever the route says it is.
 */
export function multipartError(error: unknown, what: string, maxBytes: number, formProblem: (error: MulterError) => Error): Error {
  if (!(error instanceof MulterError)) return new BadRequestError('The multipart body is malformed');
  if (error.code === 'LIMIT_FILE_SIZE') return new BodyError('too_large', `${what} is larger than ${maxBytes / 1024 / 1024} MB`);
  return formProblem(error);
}
