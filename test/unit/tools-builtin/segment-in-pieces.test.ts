import { segmentInPieces } from '../../../plugins/tool-lib/segment-in-pieces';

const SENTENCES = [
  'The quick brown fox jumps over the lazy dog.',
  'Did it really?',
  '我们喜欢编程。',
  'Zoë said: "Yes!"',
  'Numbers like 3.14 stay whole.',
  '👍🏽 works too.',
  'A line ends here\r\nand goes on.',
];

/** A long text built from varied sentences, so pieces are cut at all kinds of boundaries. */
function longText(count: number): string {
  return Array.from({ length: count }, (_, i) => SENTENCES[(i * 5) % SENTENCES.length]).join(' ');
}

function whole(granularity: Intl.SegmenterOptions['granularity'], text: string): string[] {
  return Array.from(new Intl.Segmenter('und', { granularity }).segment(text), (segment) => segment.segment);
}

describe.each([['text_stats and text_split', segmentInPieces]])('%s segmentInPieces', (_tool, segmentInPieces) => {
  const pieces = (granularity: Intl.SegmenterOptions['granularity'], text: string) =>
    Array.from(segmentInPieces(new Intl.Segmenter('und', { granularity }), text), (segment) => segment.segment);

  it.each(['grapheme', 'word', 'sentence'] as const)(
    'When a 7 000-character text is segmented by %s, Then the segments equal those of the whole text',
    (granularity) => {
      const text = longText(300);
      expect(text.length).toBeGreaterThan(6000);
      expect(pieces(granularity, text)).toEqual(whole(granularity, text));
    },
  );

  it('When a long run has no space at all, Then it is cut without splitting a surrogate pair', () => {
    const text = '😀'.repeat(1500);
    const graphemes = pieces('grapheme', text);
    expect(graphemes).toHaveLength(1500);
    expect(graphemes.every((grapheme) => grapheme === '😀')).toBe(true);
  });

  it('When the text is shorter than a piece, Then it is segmented whole', () => {
    expect(pieces('sentence', 'One. Two.')).toEqual(['One. ', 'Two.']);
  });
});
