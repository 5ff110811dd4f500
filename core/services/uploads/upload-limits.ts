/** Largest upload (decisions.md: uploads up to 10 MB); the multipart parser stops reading past it. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Characters of text a preview shows by default, and at most. */
export const DEFAULT_PREVIEW_CHARS = 2_000;
export const MAX_PREVIEW_CHARS = 20_000;

/** What a preview reads of a file, whatever its size: room for its most characters (at most 4 bytes each in UTF-8). */
export const PREVIEW_HEAD_BYTES = MAX_PREVIEW_CHARS * 4;

/** Where an upload goes when the client names no folder. */
export const DEFAULT_UPLOAD_FOLDER = 'uploads';
