/** How a collection's search index is built and searched (see docs/knowledge.md). */
export interface IndexTuning {
  /** Below this many live records a collection is searched by brute force and has no graph. */
  bruteForceBelow: number;
  /** HNSW links per node: recall and memory grow with it. */
  m: number;
  /** Candidates kept while inserting: graph quality against insertion time. */
  efConstruction: number;
  /** Candidates kept while searching, at least twice k. */
  efSearch: number;
  /** A filter matching at most this many records is answered by an exact scan of those records. */
  exactScanBelow: number;
}

/** Measured at 100k × 384 on clustered vectors: recall@10 ≈ 0.98 at ≈ 0.2 ms a query (docs/benchmarks.md). */
export const DEFAULT_INDEX_TUNING: IndexTuning = {
  bruteForceBelow: 2000,
  m: 16,
  efConstruction: 100,
  efSearch: 80,
  exactScanBelow: 4000,
};
