/** The k highest scores seen, kept in a min-heap so each offer is O(log k) at worst and O(1) usually. */
export class TopK {
  private readonly scores: Float64Array;
  private readonly slots: Int32Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.scores = new Float64Array(k);
    this.slots = new Int32Array(k);
  }

  /** The score an offer must beat to enter once the heap is full. */
  get threshold(): number {
    return this.size < this.k ? -Infinity : this.scores[0];
  }

  offer(score: number, slot: number): void {
    if (this.size < this.k) {
      this.siftUp(this.size++, score, slot);
    } else if (score > this.scores[0]) {
      this.siftDown(score, slot);
    }
  }

  /** Best first; equal scores keep the order their slots were offered in. */
  sorted(): Array<{ score: number; slot: number }> {
    const out: Array<{ score: number; slot: number }> = [];
    for (let i = 0; i < this.size; i++) out.push({ score: this.scores[i], slot: this.slots[i] });
    return out.sort((a, b) => b.score - a.score || a.slot - b.slot);
  }

  private siftUp(index: number, score: number, slot: number): void {
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.scores[parent] <= score) break;
      this.scores[i] = this.scores[parent];
      this.slots[i] = this.slots[parent];
      i = parent;
    }
    this.scores[i] = score;
    this.slots[i] = slot;
  }

  private siftDown(score: number, slot: number): void {
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && this.scores[right] < this.scores[left] ? right : left;
      if (this.scores[child] >= score) break;
      this.scores[i] = this.scores[child];
      this.slots[i] = this.slots[child];
      i = child;
    }
    this.scores[i] = score;
    this.slots[i] = slot;
  }
}
