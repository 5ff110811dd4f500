import { VectorHit, VectorMetadata } from '../../../core/ports/vector-store.port';
import { MetadataPredicate } from './metadata-filter';
import { TopK } from './top-k';
import { dotAt } from './vector-math';

/**
 * One collection's index: unit vectors packed in a single Float32Array (slot × dimensions),
 * searched by brute force. Deleting moves the last slot into the hole, so slots stay dense.
 */
export class VectorCollection {
  private arena: Float32Array;
  private readonly ids: string[] = [];
  private readonly metadata: VectorMetadata[] = [];
  private readonly contents: string[] = [];
  private readonly slotOf = new Map<string, number>();

  constructor(readonly dimensions: number) {
    this.arena = new Float32Array(dimensions * 16);
  }

  get size(): number {
    return this.ids.length;
  }

  /** `unit` must already be normalised and of the collection's dimensions. */
  put(id: string, unit: Float32Array, metadata: VectorMetadata, content: string): void {
    let slot = this.slotOf.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      this.grow(slot + 1);
      this.ids.push(id);
      this.metadata.push(metadata);
      this.contents.push(content);
      this.slotOf.set(id, slot);
    } else {
      this.metadata[slot] = metadata;
      this.contents[slot] = content;
    }
    this.arena.set(unit, slot * this.dimensions);
  }

  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    const last = this.ids.length - 1;
    if (slot !== last) {
      const lastId = this.ids[last];
      this.arena.copyWithin(slot * this.dimensions, last * this.dimensions, (last + 1) * this.dimensions);
      this.ids[slot] = lastId;
      this.metadata[slot] = this.metadata[last];
      this.contents[slot] = this.contents[last];
      this.slotOf.set(lastId, slot);
    }
    this.ids.pop();
    this.metadata.pop();
    this.contents.pop();
    this.slotOf.delete(id);
    return true;
  }

  idsWhere(predicate: MetadataPredicate): string[] {
    return this.ids.filter((_, slot) => predicate(this.metadata[slot]));
  }

  search(unitQuery: Float32Array, k: number, predicate?: MetadataPredicate): VectorHit[] {
    const count = this.ids.length;
    if (count === 0 || k < 1) return [];
    const top = new TopK(Math.min(Math.floor(k), count));
    const { arena, dimensions } = this;
    for (let slot = 0, offset = 0; slot < count; slot++, offset += dimensions) {
      if (predicate && !predicate(this.metadata[slot])) continue;
      top.offer(dotAt(unitQuery, arena, offset, dimensions), slot);
    }
    return top.sorted().map(({ score, slot }) => ({
      id: this.ids[slot],
      // Float32 rounding can land a hair outside [-1, 1].
      score: Math.max(-1, Math.min(1, score)),
      metadata: { ...this.metadata[slot] },
      content: this.contents[slot],
    }));
  }

  private grow(slots: number): void {
    if (slots * this.dimensions <= this.arena.length) return;
    const bigger = new Float32Array(Math.max(slots, (this.arena.length / this.dimensions) * 2) * this.dimensions);
    bigger.set(this.arena);
    this.arena = bigger;
  }
}
