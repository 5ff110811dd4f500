import { clipJson, RECORD_LIMITS, stepOutputChars } from '../../../../core/domain/execution/recorded-json';

describe('clipJson', () => {
  it('When the JSON fits, Then the value itself is kept', () => {
    const value = { a: [1, 'two', null] };
    expect(clipJson(value, 100)).toBe(value);
    expect(clipJson(null, 4)).toBeNull();
  });

  it('When the JSON is longer, Then it is cut to the limit as a string ending in a marker', () => {
    const clipped = clipJson({ text: 'y'.repeat(500) }, 100) as string;
    expect(clipped).toHaveLength(100);
    expect(clipped).toMatch(/^\{"text":"y+ …\[truncated\]$/);
  });

  it('When the cut falls inside a surrogate pair, Then the pair is dropped whole', () => {
    const clipped = clipJson('😀'.repeat(50), 40) as string;
    expect(clipped.endsWith(' …[truncated]')).toBe(true);
    expect(clipped.length).toBeLessThanOrEqual(40);
    expect(() => encodeURIComponent(clipped)).not.toThrow();
  });
});

describe('stepOutputChars', () => {
  it('When there are many steps, Then each gets an equal share of the steps budget, never more than the per-step cap', () => {
    expect(stepOutputChars(3)).toBe(RECORD_LIMITS.stepOutputChars);
    expect(stepOutputChars(200)).toBe(10_000);
    expect(stepOutputChars(200) * 200).toBeLessThanOrEqual(RECORD_LIMITS.stepsChars);
  });
});
