import { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { ValidationError } from '../../../core/shared/common.errors';
import { multipartError } from '../../http/multipart-error';
import { readPluginArchive } from './plugin-archive';

/** Compressed upload cap; the unpacked archive has its own (plugin-archive.ts). */
export const MAX_ARCHIVE_BYTES = 8 * 1024 * 1024;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_ARCHIVE_BYTES, files: 1, fields: 0, parts: 1 },
}).single('bundle');

const required = () => new ValidationError('A plugin archive is required', [{ field: 'bundle', message: 'send one .tgz file in the form field "bundle"' }]);

/**
 * Lets install and update take a `.tgz` as `multipart/form-data` (field `bundle`) as well
 * as the JSON bundle: the archive is read in memory and put in place of the body, so tsoa
 * validates both forms alike. It runs after authentication (tsoa puts `@Security` first), so
 * nobody unauthenticated gets an upload parsed. JSON requests pass through untouched.
 */
export function pluginBundleUpload(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('multipart/form-data')) {
    next();
    return;
  }
  upload(req, res, (error: unknown) => {
    if (error) {
      next(multipartError(error, 'The plugin archive', MAX_ARCHIVE_BYTES, required));
      return;
    }
    if (!req.file) {
      next(required());
      return;
    }
    readPluginArchive(req.file.buffer).then((bundle) => {
      req.body = bundle;
      next();
    }, next);
  });
}
