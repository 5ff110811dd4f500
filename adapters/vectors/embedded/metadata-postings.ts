import { VectorMetadata } from '../../../core/ports/vector-store.port';
import { MetadataFilter } from './metadata-filter';

/**
 * Slots by metadata key and value (string form, as filters compare), so a selective filter
 * finds its few records without testing every record's metadata.
 */
export class MetadataPostings {
  private readonly byKey = new Map<string, Map<string, Set<number>>>();

  add(slot: number, metadata: VectorMetadata): void {
    for (const [key, value] of Object.entries(metadata)) {
      const byValue = this.byKey.get(key) ?? new Map<string, Set<number>>();
      this.byKey.set(key, byValue);
      const slots = byValue.get(String(value)) ?? new Set<number>();
      byValue.set(String(value), slots);
      slots.add(slot);
    }
  }

  remove(slot: number, metadata: VectorMetadata): void {
    for (const [key, value] of Object.entries(metadata)) {
      const byValue = this.byKey.get(key);
      const slots = byValue?.get(String(value));
      if (!byValue || !slots) continue;
      slots.delete(slot);
      if (slots.size === 0) byValue.delete(String(value));
      if (byValue.size === 0) this.byKey.delete(key);
    }
  }

  /**
   * The slots of the filter's most selective clause, a superset of the matching records, when
   * that clause names at most `limit` records; undefined when every clause is broader.
   */
  narrowest(filter: MetadataFilter, limit: number): number[] | undefined {
    let best: Set<number>[] | undefined;
    let bestSize = Infinity;
    for (const [key, value] of Object.entries(filter)) {
      const byValue = this.byKey.get(key);
      const sets = [...new Set((Array.isArray(value) ? value : [value]).map(String))].flatMap((v) => {
        const slots = byValue?.get(v);
        return slots ? [slots] : [];
      });
      const size = sets.reduce((sum, slots) => sum + slots.size, 0);
      if (size < bestSize) {
        best = sets;
        bestSize = size;
      }
    }
    if (!best || bestSize > limit) return undefined;
    return best.flatMap((slots) => [...slots]);
  }
}
