import { NextFunction, Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { BadRequestError, ValidationError } from '../../../core/shared/common.errors';
import { MAX_UPLOAD_BYTES } from '../../../core/services/uploads/upload-limits';
import { UploadRequest } from '../../../core/services/uploads/workspace-uploader.service';
import { multipartError } from '../../http/multipart-error';

/** One file (`file`) and at most one short text field (`folder`); the parser stops reading a file past the cap. */
const upload = multer({
  storage: multer.memoryStorage(),
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 1, parts: 2, fieldNameSize: 32, fieldSize: 2048, headerPairs: 20 },
}).single('file');

const fileRequired = () => new ValidationError('A file is required', [{ field: 'file', message: 'send one file in the form field "file"' }]);

/**
 * Parses `POST /uploads` (`multipart/form-data`) in memory, after authentication (tsoa puts
 * `@Security` first), so nobody unauthenticated gets a body read. Only multer's file object and
 * the `folder` field are kept; `uploadOf` hands them on.
 */
export function workspaceFileUpload(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data')) {
    next(new BadRequestError('Send the file as multipart/form-data in the field "file"'));
    return;
  }
  upload(req, res, (error: unknown) => {
    if (error) next(multipartError(error, 'The file', MAX_UPLOAD_BYTES, formProblem));
    else if (!req.file) next(fileRequired());
    else next();
  });
}

/** The upload `workspaceFileUpload` parsed. */
export function uploadOf(req: Request): UploadRequest {
  const file = req.file as Express.Multer.File;
  const folder: unknown = (req.body as Record<string, unknown> | undefined)?.folder;
  return { fileName: file.originalname, folder: typeof folder === 'string' ? folder : undefined, data: file.buffer };
}

function formProblem(error: MulterError): Error {
  if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') return fileRequired();
  return new ValidationError('The form is not an upload', [{ field: error.field ?? 'form', message: 'send only "file" and, optionally, "folder"' }]);
}
