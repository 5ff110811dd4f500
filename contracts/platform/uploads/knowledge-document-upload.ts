import { NextFunction, Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { DEFAULT_KNOWLEDGE_SETTINGS } from '../../../core/services/knowledge/knowledge-settings';
import { ValidationError } from '../../../core/shared/common.errors';
import { multipartError } from '../../http/multipart-error';

const MAX_BYTES = DEFAULT_KNOWLEDGE_SETTINGS.maxUploadBytes;
const TEXT_FIELDS = ['title', 'metadata'] as const;

const upload = multer({
  storage: multer.memoryStorage(),
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_BYTES, files: 1, fields: TEXT_FIELDS.length, parts: 3, fieldNameSize: 32, fieldSize: 16_384, headerPairs: 20 },
}).single('file');

/** The uploaded file, kept by `knowledgeDocumentUpload` for the controller. */
export interface UploadedKnowledgeFile {
  bytes: Uint8Array;
  filename: string;
  declaredType: string;
}

const FILE = Symbol('knowledge-upload');

/**
 * `POST /knowledge-bases/{id}/documents` takes JSON (text or a URL) or `multipart/form-data`
 * (the field `file`, optionally `title` and `metadata` as JSON text). A multipart form is read in
 * memory, after authentication, up to the upload limit; its text fields become the JSON body
 * the route validates, so both forms take the same path from there.
 */
export function knowledgeDocumentUpload(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data')) {
    next();
    return;
  }
  upload(req, res, (error: unknown) => {
    if (error) {
      next(multipartError(error, 'The file', MAX_BYTES, formProblem));
      return;
    }
    if (!req.file) {
      next(new ValidationError('A file is required', [{ field: 'file', message: 'send one file in the form field "file"' }]));
      return;
    }
    try {
      req.body = formBody(req.body as Record<string, unknown> | undefined);
    } catch (problem) {
      next(problem);
      return;
    }
    const file: UploadedKnowledgeFile = { bytes: req.file.buffer, filename: req.file.originalname, declaredType: req.file.mimetype };
    (req as unknown as Record<symbol, UploadedKnowledgeFile>)[FILE] = file;
    next();
  });
}

/** The file of a multipart submission; undefined for a JSON one. */
export function uploadedKnowledgeFile(req: Request): UploadedKnowledgeFile | undefined {
  return (req as unknown as Record<symbol, UploadedKnowledgeFile | undefined>)[FILE];
}

function formBody(fields: Record<string, unknown> | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (typeof fields?.title === 'string') body.title = fields.title;
  if (typeof fields?.metadata === 'string' && fields.metadata.trim() !== '') {
    try {
      body.metadata = JSON.parse(fields.metadata) as unknown;
    } catch {
      throw new ValidationError('Invalid metadata', [{ field: 'metadata', message: 'must be a JSON object' }]);
    }
  }
  return body;
}

function formProblem(error: MulterError): Error {
  if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') {
    return new ValidationError('One file is accepted', [{ field: 'file', message: 'send one file in the form field "file"' }]);
  }
  return new ValidationError('The form is not a document upload', [
    { field: error.field ?? 'form', message: 'send only "file" and, optionally, "title" and "metadata"' },
  ]);
}
