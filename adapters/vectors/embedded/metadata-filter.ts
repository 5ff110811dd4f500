import { VectorMetadata, VectorMetadataValue } from '../../../core/ports/vector-store.port';

export type MetadataPredicate = (metadata: VectorMetadata) => boolean;
export type MetadataFilter = Record<string, VectorMetadataValue | VectorMetadataValue[]>;

/**
 * Every key must match; an array means "one of". Values compare by their string form, as
 * Elasticsearch's `flattened` keywords do, so both stores answer a filter the same way.
 */
export function compileFilter(filter: MetadataFilter | undefined): MetadataPredicate | undefined {
  if (!filter) return undefined;
  const clauses = Object.entries(filter).map(([key, value]) => ({
    key,
    accepted: new Set((Array.isArray(value) ? value : [value]).map(String)),
  }));
  if (clauses.length === 0) return undefined;
  return (metadata) => clauses.every(({ key, accepted }) => Object.prototype.hasOwnProperty.call(metadata, key) && accepted.has(String(metadata[key])));
}
