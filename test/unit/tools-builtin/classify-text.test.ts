import { matchLabel, parseConfidence } from '../../../tools-builtin/classify_text/label-match';
import { classifyByWordOverlap } from '../../../tools-builtin/classify_text/word-overlap-classifier';

const LABELS = ['billing', 'technical issue', 'account access', 'other'];

describe('matchLabel', () => {
  it('When the model copied a label verbatim, Then it is an exact match', () => {
    expect(matchLabel('technical issue', LABELS)).toEqual({ label: 'technical issue', exact: true });
  });

  it('When only case or punctuation differ, Then the candidate is matched but not exact', () => {
    expect(matchLabel('Technical-Issue.', LABELS)).toEqual({ label: 'technical issue', exact: false });
  });

  it('When the answer mentions exactly one candidate, Then that candidate is matched', () => {
    expect(matchLabel('The label is: Billing', LABELS)).toEqual({ label: 'billing', exact: false });
  });

  it('When the answer mentions several candidates or none, Then nothing is matched', () => {
    expect(matchLabel('billing or other', LABELS)).toBeUndefined();
    expect(matchLabel('refund request', LABELS)).toBeUndefined();
    expect(matchLabel('  ', LABELS)).toBeUndefined();
  });

  it('When a label is part of a longer word, Then it is not a mention', () => {
    expect(matchLabel('otherwise fine', LABELS)).toBeUndefined();
  });
});

describe('parseConfidence', () => {
  it.each([
    [0.82, 0.82],
    ['0.4', 0.4],
    ['85%', 0.85],
    [85, 0.85],
    [1, 1],
    [0, 0],
  ])('When given %p, Then it reads %p', (given, expected) => {
    expect(parseConfidence(given)).toBeCloseTo(expected);
  });

  it.each([[-0.1], [150], ['high'], [null], [undefined], [Number.NaN]])('When given %p, Then there is none', (given) => {
    expect(parseConfidence(given)).toBeUndefined();
  });
});

describe('classifyByWordOverlap', () => {
  it('When the text shares words (or stems) with one label, Then that label wins with at most 0.6 confidence', () => {
    const choice = classifyByWordOverlap('My account is locked and I cannot access anything', LABELS);
    expect(choice.label).toBe('account access');
    expect(choice.hits).toBeGreaterThanOrEqual(2);
    expect(choice.confidence).toBeGreaterThan(1 / LABELS.length);
    expect(choice.confidence).toBeLessThanOrEqual(0.6);
  });

  it('When a label word appears inflected in the text, Then the stem still matches', () => {
    expect(classifyByWordOverlap('We were billed twice, the billing page is wrong', ['billing', 'shipping']).label).toBe('billing');
  });

  it('When nothing overlaps and a catch-all label exists, Then the catch-all is chosen at uniform confidence', () => {
    expect(classifyByWordOverlap('Lovely weather today', LABELS)).toEqual({ label: 'other', confidence: 0.25, hits: 0 });
  });

  it('When nothing overlaps and there is no catch-all, Then the first label is chosen', () => {
    expect(classifyByWordOverlap('Lovely weather today', ['sports', 'politics'])).toEqual({ label: 'sports', confidence: 0.5, hits: 0 });
  });
});
