import { estypes } from '@elastic/elasticsearch';
import { VectorMetadata } from '../../../core/ports/vector-store.port';

/**
 * One document per record: the vector (HNSW on full floats, so scores are exact cosine rather
 * than int8-quantised), metadata as `flattened` keywords for term filters, and the content text.
 */
export function vectorIndexMapping(dimensions: number): estypes.MappingTypeMapping {
  return {
    dynamic: 'strict',
    properties: {
      vector: { type: 'dense_vector', dims: dimensions, index: true, similarity: 'cosine', index_options: { type: 'hnsw' } },
      metadata: { type: 'flattened' },
      content: { type: 'text' },
    },
  };
}

export interface VectorDocument {
  vector: number[];
  metadata: VectorMetadata;
  content: string;
}
