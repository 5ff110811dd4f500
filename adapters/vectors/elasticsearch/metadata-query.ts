import { estypes } from '@elastic/elasticsearch';
import { VectorMetadataValue } from '../../../core/ports/vector-store.port';

/**
 * Filter clauses on the `flattened` metadata field. Flattened values are keywords, so values are
 * sent as strings: 5 matches 5 and "5", true matches true and "true", as in the embedded store.
 */
export function metadataClauses(filter: Record<string, VectorMetadataValue | VectorMetadataValue[]> | undefined): estypes.QueryDslQueryContainer[] {
  return Object.entries(filter ?? {}).map(([key, value]) =>
    Array.isArray(value) ? { terms: { [`metadata.${key}`]: value.map(String) } } : { term: { [`metadata.${key}`]: String(value) } },
  );
}
