import { VectorHit, VectorMetadata } from '../../../core/ports/vector-store.port';
import { HnswGraph } from './hnsw-graph';
import { DEFAULT_INDEX_TUNING, IndexTuning } from './index-tuning';
import { compileFilter, MetadataFilter, MetadataPredicate } from './metadata-filter';
import { MetadataPostings } from './metadata-postings';
import { TopK } from './top-k';
import { dotAt } from './vector-math';

/** What a slot holds; an empty slot (deleted, free for reuse) holds undefined. */
export interface SlotRecord {
  id: string;
  metadata: VectorMetadata;
  content: string;
}

/** A collection's whole state, as a snapshot stores it. */
export interface CollectionImage {
  dimensions: number;
  /** Unit vectors, slot × dimensions; empty slots hold garbage. */
  arena: Float32Array;
  slots: Array<SlotRecord | undefined>;
  graph?: HnswGraph;
}

/**
 * One collection's index: unit vectors packed in a single Float32Array (slot × dimensions)
 * with their records, a metadata posting index, and, once the collection is big enough, an
 * HNSW graph labelled by slot. Searches take candidates from the graph (or a brute-force or
 * exact filtered scan) and score them with the stored vectors, so scores are exact cosines.
 */
export class VectorCollection {
  private arena: Float32Array;
  private readonly slots: Array<SlotRecord | undefined>;
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private readonly postings = new MetadataPostings();
  private graph?: HnswGraph;

  constructor(
    readonly dimensions: number,
    private readonly tuning: IndexTuning = DEFAULT_INDEX_TUNING,
    image?: CollectionImage,
  ) {
    this.arena = image?.arena ?? new Float32Array(dimensions * 16);
    this.slots = image?.slots ?? [];
    this.graph = image?.graph;
    this.slots.forEach((record, slot) => {
      if (record) this.index(slot, record);
      else this.free.push(slot);
    });
  }

  get size(): number {
    return this.slotOf.size;
  }

  get hasGraph(): boolean {
    return this.graph !== undefined;
  }

  image(): CollectionImage {
    return { dimensions: this.dimensions, arena: this.arena.subarray(0, this.slots.length * this.dimensions), slots: this.slots, graph: this.graph };
  }

  /** `unit` must already be normalised and of the collection's dimensions. */
  put(id: string, unit: Float32Array, metadata: VectorMetadata, content: string): void {
    let slot = this.slotOf.get(id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.slots.length;
      this.grow(slot + 1);
    } else {
      this.postings.remove(slot, (this.slots[slot] as SlotRecord).metadata);
    }
    const record = { id, metadata, content };
    this.slots[slot] = record;
    this.index(slot, record);
    this.arena.set(unit, slot * this.dimensions);
    if (this.graph) this.graph.set(slot, unit);
    else if (this.size >= this.tuning.bruteForceBelow) this.buildGraph();
  }

  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.postings.remove(slot, (this.slots[slot] as SlotRecord).metadata);
    this.slots[slot] = undefined;
    this.slotOf.delete(id);
    this.free.push(slot);
    this.graph?.remove(slot);
    return true;
  }

  idsWhere(predicate: MetadataPredicate): string[] {
    return [...this.slotOf].filter(([, slot]) => predicate((this.slots[slot] as SlotRecord).metadata)).map(([id]) => id);
  }

  search(unitQuery: Float32Array, k: number, filter?: MetadataFilter): VectorHit[] {
    const wanted = Math.min(Math.floor(k), this.size);
    if (wanted < 1) return [];
    const predicate = compileFilter(filter);
    const accepts = (slot: number): boolean => {
      const record = this.slots[slot];
      return record !== undefined && (!predicate || predicate(record.metadata));
    };
    const few = filter && predicate ? this.postings.narrowest(filter, this.tuning.exactScanBelow) : undefined;
    if (few) return this.scoreBest(unitQuery, wanted, few.filter(accepts));
    if (!this.graph || this.size < this.tuning.bruteForceBelow) return this.scoreBest(unitQuery, wanted, this.allSlots().filter(accepts));
    return this.scoreBest(unitQuery, wanted, this.graph.nearest(unitQuery, wanted, predicate ? accepts : undefined));
  }

  private scoreBest(unitQuery: Float32Array, k: number, candidates: number[]): VectorHit[] {
    const top = new TopK(Math.max(1, Math.min(k, candidates.length)));
    for (const slot of candidates) top.offer(dotAt(unitQuery, this.arena, slot * this.dimensions, this.dimensions), slot);
    if (candidates.length === 0) return [];
    return top.sorted().map(({ score, slot }) => {
      const record = this.slots[slot] as SlotRecord;
      // Float32 rounding can land a hair outside [-1, 1].
      return { id: record.id, score: Math.max(-1, Math.min(1, score)), metadata: { ...record.metadata }, content: record.content };
    });
  }

  private allSlots(): number[] {
    return [...this.slotOf.values()].sort((a, b) => a - b);
  }

  private index(slot: number, record: SlotRecord): void {
    this.slotOf.set(record.id, slot);
    this.postings.add(slot, record.metadata);
  }

  private buildGraph(): void {
    const graph = HnswGraph.create(this.dimensions, Math.max(this.slots.length * 2, 1024), this.tuning);
    for (const slot of this.allSlots()) graph.set(slot, this.arena.subarray(slot * this.dimensions, (slot + 1) * this.dimensions));
    this.graph = graph;
  }

  private grow(slots: number): void {
    if (slots * this.dimensions <= this.arena.length) return;
    const bigger = new Float32Array(Math.max(slots, (this.arena.length / this.dimensions) * 2) * this.dimensions);
    bigger.set(this.arena);
    this.arena = bigger;
  }
}
