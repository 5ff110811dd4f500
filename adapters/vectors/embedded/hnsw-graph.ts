import { HierarchicalNSW } from 'hnswlib-node';
import { IndexTuning } from './index-tuning';

const RANDOM_SEED = 100;

/**
 * An hnswlib inner-product graph over unit vectors (so inner product is cosine), labelled by
 * the collection's slot numbers. A freed slot stays marked deleted until the collection reuses
 * it: hnswlib then revives that element in place, so the graph never grows past the slots.
 */
export class HnswGraph {
  private constructor(
    private readonly index: HierarchicalNSW,
    private readonly tuning: IndexTuning,
  ) {}

  static create(dimensions: number, capacity: number, tuning: IndexTuning): HnswGraph {
    const index = new HierarchicalNSW('ip', dimensions);
    index.initIndex(Math.max(capacity, 16), tuning.m, tuning.efConstruction, RANDOM_SEED);
    return new HnswGraph(index, tuning);
  }

  static read(file: string, dimensions: number, tuning: IndexTuning): HnswGraph {
    const index = new HierarchicalNSW('ip', dimensions);
    index.readIndexSync(file);
    return new HnswGraph(index, tuning);
  }

  set(slot: number, unit: Float32Array): void {
    const capacity = this.index.getMaxElements();
    if (slot >= capacity) this.index.resizeIndex(Math.max(slot + 1, capacity * 2));
    this.index.addPoint(Array.from(unit), slot);
  }

  remove(slot: number): void {
    this.index.markDelete(slot);
  }

  /** Up to k slots nearest the query, among those `accept` lets through. */
  nearest(unitQuery: Float32Array, k: number, accept?: (slot: number) => boolean): number[] {
    const wanted = Math.min(k, this.index.getMaxElements());
    this.index.setEf(Math.max(this.tuning.efSearch, 2 * wanted));
    return this.index.searchKnn(Array.from(unitQuery), wanted, accept).neighbors;
  }

  write(file: string): Promise<boolean> {
    return this.index.writeIndex(file);
  }
}
