import { countWords, formatSummary } from '../../../tools-builtin/summarize/summary-format';
import { splitIntoChunks } from '../../../tools-builtin/summarize/text-chunks';

const words = (n: number, word = 'word'): string => Array.from({ length: n }, () => word).join(' ');

describe('splitIntoChunks', () => {
  it('When the text fits, Then it is one chunk', () => {
    expect(splitIntoChunks('  One paragraph.\n\nAnother one.  ', 1000, 6)).toEqual(['One paragraph.\nAnother one.']);
  });

  it('When paragraphs exceed the size, Then chunks break between paragraphs and keep their order', () => {
    const paragraphs = ['a'.repeat(60), 'b'.repeat(60), 'c'.repeat(60)];
    expect(splitIntoChunks(paragraphs.join('\n\n'), 130, 6)).toEqual([`${'a'.repeat(60)}\n${'b'.repeat(60)}`, 'c'.repeat(60)]);
  });

  it('When one paragraph is too long, Then it is cut between sentences, then between words', () => {
    const chunks = splitIntoChunks(`${'First sentence here. '.repeat(10)}${words(80, 'longword')}`, 100, 50);
    expect(chunks.every((chunk) => chunk.length <= 100)).toBe(true);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(`${'First sentence here. '.repeat(10)}${words(80, 'longword')}`.trim());
  });

  it('When there would be more chunks than allowed, Then neighbours are merged down to the maximum', () => {
    const text = Array.from({ length: 20 }, (_, i) => `Paragraph ${i} ${'x'.repeat(40)}`).join('\n\n');
    const chunks = splitIntoChunks(text, 60, 6);
    expect(chunks).toHaveLength(6);
    expect(chunks.join('\n')).toBe(text.replace(/\n\n/g, '\n'));
  });

  it('When the text is blank, Then it is still one chunk', () => {
    expect(splitIntoChunks('   ', 100, 6)).toEqual(['   ']);
  });
});

describe('formatSummary', () => {
  it('When the model adds a preamble and a fence, Then they are removed', () => {
    expect(formatSummary("Sure! Here's a short summary of the text:\nThe launch moved to May.", 'paragraph')).toEqual({
      summary: 'The launch moved to May.',
      capped: false,
    });
    expect(formatSummary('```\nSummary: Prices rose.\n```', 'paragraph').summary).toBe('Prices rose.');
  });

  it('When bullets are asked and the model used other markers, Then each becomes "- "', () => {
    expect(formatSummary('Key points:\n* one\n2. two\n• three', 'bullets').summary).toBe('- one\n- two\n- three');
  });

  it('When bullets are asked and the model wrote prose, Then each sentence becomes a bullet', () => {
    expect(formatSummary('Sales rose. Costs fell! Margins improved', 'bullets').summary).toBe('- Sales rose.\n- Costs fell!\n- Margins improved');
  });

  it('When a headline is asked, Then only the first line is kept, without quotes or final period', () => {
    expect(formatSummary('"Central bank raises rates."\nMore text', 'headline').summary).toBe('Central bank raises rates');
  });

  it('When the summary is over max_words, Then it is cut at a word and marked', () => {
    const result = formatSummary(`${words(8)}, and more words after`, 'paragraph', 8);
    expect(result).toEqual({ summary: `${words(8)}…`, capped: true });
    expect(countWords(result.summary)).toBe(8);
  });

  it('When bullets are over max_words, Then whole bullets are kept first', () => {
    const result = formatSummary('- one two three\n- four five six\n- seven eight nine', 'bullets', 5);
    expect(result).toEqual({ summary: '- one two three\n- four five…', capped: true });
  });

  it('When the summary fits, Then it is not capped', () => {
    expect(formatSummary('Short one.', 'tldr', 10)).toEqual({ summary: 'Short one.', capped: false });
  });
});

describe('formatSummary sentence bullets', () => {
  it('When a sentence ends inside quotes, Then the closing quote stays with it and no empty bullet appears', () => {
    expect(formatSummary('He said "Rates rose." Then markets fell. !?', 'bullets').summary).toBe('- He said "Rates rose."\n- Then markets fell.');
  });
});
