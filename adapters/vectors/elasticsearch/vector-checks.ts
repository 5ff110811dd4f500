import { ValidationError } from '../../../core/shared/common.errors';

/** Elasticsearch's cosine similarity refuses zero vectors and a dimension other than the mapping's. */
export function checkVector(vector: number[], dimensions?: number): void {
  if (vector.length === 0) throw new ValidationError('vector must not be empty');
  if (dimensions !== undefined && vector.length !== dimensions) {
    throw new ValidationError(`vector has ${vector.length} dimensions, the collection has ${dimensions}`, [
      { field: 'vector', message: `expected ${dimensions} dimensions` },
    ]);
  }
  if (!vector.every(Number.isFinite)) throw new ValidationError('vector components must be finite numbers');
  if (vector.every((x) => x === 0)) throw new ValidationError('vector must not be all zeros');
}
