import { ValidationError } from '../../../core/shared/common.errors';

/** A unit-length Float32 copy, so cosine similarity becomes a dot product. */
export function normalised(vector: number[], expectedDimensions?: number): Float32Array {
  if (vector.length === 0) throw new ValidationError('vector must not be empty');
  if (expectedDimensions !== undefined && vector.length !== expectedDimensions) {
    throw new ValidationError(`vector has ${vector.length} dimensions, the collection has ${expectedDimensions}`, [
      { field: 'vector', message: `expected ${expectedDimensions} dimensions` },
    ]);
  }
  let sumOfSquares = 0;
  for (const x of vector) {
    if (!Number.isFinite(x)) throw new ValidationError('vector components must be finite numbers');
    sumOfSquares += x * x;
  }
  // Cosine similarity is undefined for a zero vector (Elasticsearch rejects one too).
  if (sumOfSquares === 0) throw new ValidationError('vector must not be all zeros');
  const out = new Float32Array(vector.length);
  const scale = 1 / Math.sqrt(sumOfSquares);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i] * scale;
  return out;
}

/** Dot product of `query` with the `dimensions` floats of `arena` starting at `offset`. */
export function dotAt(query: Float32Array, arena: Float32Array, offset: number, dimensions: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < dimensions; i += 4) {
    a += query[i] * arena[offset + i];
    b += query[i + 1] * arena[offset + i + 1];
    c += query[i + 2] * arena[offset + i + 2];
    d += query[i + 3] * arena[offset + i + 3];
  }
  for (; i < dimensions; i++) a += query[i] * arena[offset + i];
  return a + b + c + d;
}
