import { Client, errors, estypes } from '@elastic/elasticsearch';
import { VectorHit, VectorMetadataValue, VectorQuery, VectorRecord, VectorStore } from '../../../core/ports/vector-store.port';
import { ValidationError } from '../../../core/shared/common.errors';
import { VectorDocument, vectorIndexMapping } from './index-mapping';
import { indexName } from './index-name';
import { metadataClauses } from './metadata-query';
import { checkVector } from './vector-checks';

/** Elasticsearch's ceiling for both `k` and `num_candidates`. */
const MAX_CANDIDATES = 10_000;

/**
 * VectorStore on Elasticsearch 8: one index per collection, approximate kNN on a cosine
 * `dense_vector`, metadata filters applied inside the kNN search (pre-filtering, so k hits
 * come back whenever k records match). Writes wait for a refresh, so they are searchable at once.
 */
export class ElasticsearchVectorStore implements VectorStore {
  /** Dimensions of the indices this process created or inspected. */
  private readonly dimensionsOf = new Map<string, number>();

  constructor(
    private readonly client: Client,
    private readonly indexPrefix: string,
  ) {}

  async upsert(collection: string, records: VectorRecord[]): Promise<void> {
    if (records.length === 0) return;
    const index = indexName(this.indexPrefix, collection);
    const existing = await this.existingDimensions(index);
    const dimensions = existing ?? records[0].vector.length;
    records.forEach((record) => checkVector(record.vector, dimensions));
    if (existing === undefined) await this.createIndex(index, dimensions);
    const operations = records.flatMap((record) => [
      { index: { _index: index, _id: record.id } },
      { vector: record.vector, metadata: record.metadata, content: record.content } satisfies VectorDocument,
    ]);
    throwOnItemErrors(await this.client.bulk({ refresh: 'wait_for', operations }));
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    const index = indexName(this.indexPrefix, collection);
    if (ids.length === 0 || (await this.existingDimensions(index)) === undefined) return;
    const response = await this.client.bulk({ refresh: 'wait_for', operations: ids.map((id) => ({ delete: { _index: index, _id: id } })) });
    throwOnItemErrors(response, 404);
  }

  async deleteWhere(collection: string, filter: Record<string, VectorMetadataValue>): Promise<void> {
    const index = indexName(this.indexPrefix, collection);
    await this.client.deleteByQuery({ index, query: { bool: { filter: metadataClauses(filter) } }, refresh: true, conflicts: 'proceed' }, { ignore: [404] });
  }

  async search(collection: string, query: VectorQuery): Promise<VectorHit[]> {
    const index = indexName(this.indexPrefix, collection);
    const k = Math.min(Math.floor(query.k), MAX_CANDIDATES);
    if (k < 1) return [];
    const dimensions = await this.existingDimensions(index);
    if (dimensions === undefined) return [];
    checkVector(query.vector, dimensions);
    const filter = metadataClauses(query.filter);
    try {
      const response = await this.client.search<VectorDocument>({
        index,
        size: k,
        _source: ['metadata', 'content'],
        knn: {
          field: 'vector',
          query_vector: query.vector,
          k,
          num_candidates: Math.min(Math.max(k * 10, 100), MAX_CANDIDATES),
          ...(filter.length > 0 ? { filter } : {}),
        },
      });
      return response.hits.hits.map(toHit);
    } catch (error) {
      if (isStatus(error, 404)) return [];
      if (isStatus(error, 400)) throw new ValidationError(`vector search rejected: ${reasonOf(error)}`);
      throw error;
    }
  }

  async dropCollection(collection: string): Promise<void> {
    const index = indexName(this.indexPrefix, collection);
    await this.client.indices.delete({ index }, { ignore: [404] });
    this.dimensionsOf.delete(index);
  }

  /** The index's vector dimensions, or undefined when the index does not exist. */
  private async existingDimensions(index: string): Promise<number | undefined> {
    const known = this.dimensionsOf.get(index);
    if (known !== undefined) return known;
    try {
      const mapping = await this.client.indices.getMapping({ index });
      const vector = mapping[index]?.mappings.properties?.vector as estypes.MappingDenseVectorProperty | undefined;
      if (vector?.dims !== undefined) this.dimensionsOf.set(index, vector.dims);
      return vector?.dims;
    } catch (error) {
      if (isStatus(error, 404)) return undefined;
      throw error;
    }
  }

  private async createIndex(index: string, dimensions: number): Promise<void> {
    try {
      await this.client.indices.create({ index, mappings: vectorIndexMapping(dimensions) });
      this.dimensionsOf.set(index, dimensions);
    } catch (error) {
      if (!(isStatus(error, 400) && errorType(error) === 'resource_already_exists_exception')) throw error;
      // Another writer created it first: its mapping decides.
      const actual = await this.existingDimensions(index);
      if (actual !== undefined && actual !== dimensions) {
        throw new ValidationError(`vector has ${dimensions} dimensions, the collection has ${actual}`);
      }
    }
  }
}

function toHit(hit: estypes.SearchHit<VectorDocument>): VectorHit {
  return {
    id: hit._id as string,
    // Elasticsearch scores cosine as (1 + cos) / 2 so that scores are positive.
    score: 2 * (hit._score ?? 0.5) - 1,
    metadata: hit._source?.metadata ?? {},
    content: hit._source?.content ?? '',
  };
}

function throwOnItemErrors(response: estypes.BulkResponse, ...acceptedStatuses: number[]): void {
  for (const item of response.items) {
    const result = item.index ?? item.delete ?? item.create ?? item.update;
    if (result?.error && !acceptedStatuses.includes(result.status)) {
      throw new Error(`elasticsearch bulk ${result.error.type}: ${result.error.reason ?? 'no reason given'}`);
    }
  }
}

function isStatus(error: unknown, status: number): boolean {
  return error instanceof errors.ResponseError && error.statusCode === status;
}

function errorType(error: unknown): string | undefined {
  return error instanceof errors.ResponseError ? (error.body as { error?: { type?: string } })?.error?.type : undefined;
}

function reasonOf(error: unknown): string {
  const body = error instanceof errors.ResponseError ? (error.body as { error?: { reason?: string } }) : undefined;
  return body?.error?.reason ?? 'bad request';
}
