import { DEFAULT_INDEX_TUNING } from '../../../../adapters/vectors/embedded/index-tuning';
import { compileFilter } from '../../../../adapters/vectors/embedded/metadata-filter';
import { MetadataPostings } from '../../../../adapters/vectors/embedded/metadata-postings';
import { TopK } from '../../../../adapters/vectors/embedded/top-k';
import { VectorCollection } from '../../../../adapters/vectors/embedded/vector-collection';
import { normalised } from '../../../../adapters/vectors/embedded/vector-math';
import { ValidationError } from '../../../../core/shared/common.errors';

/** A deterministic pseudo-random generator, so the brute-force comparison is reproducible. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
}

describe('VectorCollection', () => {
  it('When many vectors are indexed, Then top-k equals a full sort by cosine similarity', () => {
    const random = seeded(7);
    const dimensions = 37;
    const collection = new VectorCollection(dimensions);
    const raw = new Map<string, number[]>();
    for (let n = 0; n < 500; n++) {
      const vector = Array.from({ length: dimensions }, random);
      raw.set(`v${n}`, vector);
      collection.put(`v${n}`, normalised(vector), { n }, '');
    }
    const query = Array.from({ length: dimensions }, random);

    const hits = collection.search(normalised(query), 10);

    const expected = [...raw]
      .map(([id, v]) => [id, cosine(query, v)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10);
    expect(hits.map((h) => h.id)).toEqual(expected.map(([id]) => id));
    hits.forEach((hit, i) => expect(hit.score).toBeCloseTo(expected[i][1], 5));
  });

  it('When records in the middle are removed, Then the rest stay findable with their own data', () => {
    const collection = new VectorCollection(2);
    ['a', 'b', 'c', 'd'].forEach((id, i) => collection.put(id, normalised([1, i]), { id }, `content ${id}`));

    collection.remove('a');
    collection.remove('c');
    collection.remove('missing');

    expect(collection.size).toBe(2);
    expect(collection.search(normalised([1, 3]), 5).map((h) => [h.id, h.metadata.id, h.content])).toEqual([
      ['d', 'd', 'content d'],
      ['b', 'b', 'content b'],
    ]);
  });

  it('When removed slots are reused with a graph in place, Then the graph forgets the old vectors and finds the new ones', () => {
    const tuning = { ...DEFAULT_INDEX_TUNING, bruteForceBelow: 1, exactScanBelow: 0 };
    const collection = new VectorCollection(2, tuning);
    const at = (angle: number): Float32Array => normalised([Math.cos(angle), Math.sin(angle)]);
    for (let n = 0; n < 50; n++) collection.put(`v${n}`, at(n / 50), { even: n % 2 === 0 }, '');
    expect(collection.hasGraph).toBe(true);

    for (let n = 0; n < 50; n += 5) collection.remove(`v${n}`);
    for (let n = 0; n < 10; n++) collection.put(`w${n}`, at(2 + n / 10), { even: true }, `w${n}`);

    expect(collection.size).toBe(50);
    expect(collection.image().slots.length).toBe(50);
    expect(collection.search(at(0), 1)[0].id).toBe('v1');
    expect(collection.search(at(2.03), 2).map((hit) => hit.id)).toEqual(['w0', 'w1']);
    expect(collection.search(at(0), 3, { even: true }).map((hit) => hit.id)).toEqual(['v2', 'v4', 'v6']);
  });

  it('When a filter clause names few records, Then the postings hand back just those slots', () => {
    const postings = new MetadataPostings();
    postings.add(0, { kb: 'a', n: 1 });
    postings.add(1, { kb: 'b', n: 1 });
    postings.add(2, { kb: 'a', n: 2 });
    postings.remove(0, { kb: 'a', n: 1 });

    expect(postings.narrowest({ kb: 'a', n: [1, 2] }, 10)).toEqual([2]);
    expect(postings.narrowest({ kb: ['a', 'b'] }, 10)?.sort()).toEqual([1, 2]);
    expect(postings.narrowest({ kb: ['a', 'b'] }, 1)).toBeUndefined();
    expect(postings.narrowest({ kb: 'none' }, 0)).toEqual([]);
  });

  it('When the index outgrows its first allocation, Then earlier vectors are kept intact', () => {
    const collection = new VectorCollection(3);
    const at = (angle: number): number[] => [Math.cos(angle), Math.sin(angle), 0];
    for (let n = 0; n < 100; n++) collection.put(`v${n}`, normalised(at(n / 100)), {}, '');

    expect(collection.search(normalised(at(0)), 1)[0].id).toBe('v0');
    expect(collection.search(normalised(at(0.5)), 1)[0].id).toBe('v50');
    expect(collection.search(normalised(at(0.99)), 1)[0].id).toBe('v99');
  });
});

describe('TopK', () => {
  it('When more scores are offered than it holds, Then it keeps the highest, best first, ties in offer order', () => {
    const top = new TopK(3);
    [0.1, 0.9, 0.5, 0.9, -1, 0.7, 0.2].forEach((score, slot) => top.offer(score, slot));

    expect(top.sorted()).toEqual([
      { score: 0.9, slot: 1 },
      { score: 0.9, slot: 3 },
      { score: 0.7, slot: 5 },
    ]);
  });
});

describe('compileFilter', () => {
  it('When values differ only in type, Then they match by string form, like Elasticsearch keywords', () => {
    const matches = compileFilter({ page: 5, done: true, tag: ['a', 'b'] });

    expect(matches?.({ page: '5', done: 'true', tag: 'b' })).toBe(true);
    expect(matches?.({ page: 5, done: true, tag: 'c' })).toBe(false);
    expect(matches?.({ page: 5, tag: 'a' })).toBe(false);
  });

  it('When no filter or an empty one is given, Then there is no predicate', () => {
    expect(compileFilter(undefined)).toBeUndefined();
    expect(compileFilter({})).toBeUndefined();
  });
});

describe('normalised', () => {
  it('When a vector is normalised, Then it has unit length', () => {
    expect(Array.from(normalised([3, 4]))).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
  });

  it('When a vector is empty, zero, not finite or of the wrong size, Then it is a validation error', () => {
    expect(() => normalised([])).toThrow(ValidationError);
    expect(() => normalised([0, 0])).toThrow(ValidationError);
    expect(() => normalised([1, NaN])).toThrow(ValidationError);
    expect(() => normalised([1, 2], 3)).toThrow(ValidationError);
  });
});

function cosine(a: number[], b: number[]): number {
  const dot = a.reduce((sum, x, i) => sum + x * b[i], 0);
  return dot / (Math.hypot(...a) * Math.hypot(...b));
}
