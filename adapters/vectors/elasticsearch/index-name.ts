import { createHash } from 'node:crypto';

const MAX_INDEX_NAME_BYTES = 255;

/**
 * `<prefix>-<collection>` made legal for Elasticsearch (lowercase; no `\ / * ? " < > | , # :` or
 * spaces; no leading `-`, `_`, `+` or `.`; at most 255 bytes). A name that had to change gets a
 * hash of the original appended, so two collections never share an index ("Docs" vs "docs").
 */
export function indexName(prefix: string, collection: string): string {
  const wanted = `${prefix}-${collection}`;
  const legal = wanted
    .toLowerCase()
    .replace(/[^a-z0-9_.-]/g, '_')
    .replace(/^[-_+.]+/, '');
  if (legal === wanted && Buffer.byteLength(legal) <= MAX_INDEX_NAME_BYTES) return legal;
  const hash = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
  return `${legal.slice(0, MAX_INDEX_NAME_BYTES - hash.length - 1)}-${hash}`.replace(/^-/, 'x-');
}
