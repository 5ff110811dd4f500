import { NextFunction, Request, Response } from 'express';
import multer, { MulterError } from 'multer';
import { DEFAULT_KNOWLEDGE_SETTINGS } from '../../../core/services/knowledge/knowledge-settings';
import { BadRequestError, ValidationError } from '../../../core/shared/common.errors';
import { multipartError } from '../../http/multipart-error';

const MAX_BYTES = DEFAULT_KNOWLEDGE_SETTINGS.maxUploadBytes;

const upload = multer({
  storage: multer.memoryStorage(),
  defParamCharset: 'utf8',
  limits: { fileSize: MAX_BYTES, files: 1, fields: 1, parts: 2, fieldNameSize: 32, fieldSize: 64, headerPairs: 20 },
}).single('file');

/** The form `envelopeDocumentUpload` read: the file and the agent it is for. */
export interface EnvelopeDocumentForm {
  file: { bytes: Uint8Array; filename: string };
  agentId: number;
}

const FORM = Symbol('envelope-document-form');

/**
 * `POST /knowledge/documents/upload` as `multipart/form-data`: `file` and `agent_id`, read in
 * memory after authentication, the file at most 10 MB (past it the parser stops: 413/41300).
 */
export function envelopeDocumentUpload(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data')) {
    next(new BadRequestError('Send the file as multipart/form-data with the fields "file" and "agent_id"'));
    return;
  }
  upload(req, res, (error: unknown) => {
    if (error) {
      next(multipartError(error, 'The file', MAX_BYTES, formProblem));
      return;
    }
    const agentId = String((req.body as Record<string, unknown> | undefined)?.agent_id ?? '');
    if (!req.file) next(new ValidationError('file: a file is required', [{ field: 'file', message: 'is required' }]));
    else if (!/^[1-9]\d{0,15}$/.test(agentId))
      next(new ValidationError('agent_id: must be a positive integer', [{ field: 'agent_id', message: 'must be a positive integer' }]));
    else {
      const form: EnvelopeDocumentForm = { file: { bytes: req.file.buffer, filename: req.file.originalname }, agentId: Number(agentId) };
      (req as unknown as Record<symbol, EnvelopeDocumentForm>)[FORM] = form;
      next();
    }
  });
}

export function envelopeDocumentFormOf(req: Request): EnvelopeDocumentForm {
  return (req as unknown as Record<symbol, EnvelopeDocumentForm>)[FORM];
}

function formProblem(error: MulterError): Error {
  return new ValidationError('Send only "file" and "agent_id"', [{ field: error.field ?? 'form', message: 'send one file and agent_id' }]);
}
