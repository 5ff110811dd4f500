/** What an upload may be, by extension and content. */
export type UploadFileType = 'txt' | 'md' | 'csv' | 'json' | 'pdf' | 'png' | 'jpeg';

/** A file now in your workspace. */
export interface UploadResponse {
  /** Relative to your workspace; what `file_read` nodes and `/uploads/preview` take. */
  path: string;
  name: string;
  /** Bytes. */
  size: number;
  type: UploadFileType;
  /** ISO 8601 UTC. */
  modified_at: string;
}

/** A look at one file of your workspace. */
export interface FilePreviewResponse {
  path: string;
  name: string;
  size: number;
  /** An upload type when the name and content agree on one; otherwise `text` (UTF-8) or `binary`. */
  type: UploadFileType | 'text' | 'binary';
  /** PDF, PNG, JPEG and any file that is not UTF-8 text; `text` is then null. */
  binary: boolean;
  /** The first `max_chars` characters of the text. */
  text: string | null;
  /** The text goes on past `text`. */
  truncated: boolean;
  modified_at: string;
}
