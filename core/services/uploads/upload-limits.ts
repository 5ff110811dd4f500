/** Largest upload (decisions.md: uploads up to 10 MB); the multipart parser stops reading past it. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Largest file a preview reads; its text is then cut to the characters asked for. */
export const MAX_PREVIEW_READ_BYTES = MAX_UPLOAD_BYTES;

/** Characters of text a preview shows by default, and at most. */
export const DEFAULT_PREVIEW_CHARS = 2_000;
export const MAX_PREVIEW_CHARS = 20_000;

/** Where an upload goes when the client names no folder. */
export const DEFAULT_UPLOAD_FOLDER = 'uploads';
