import { chunkText, chunkTextWithOffsets, DEFAULT_CHUNKING } from '../../../../core/services/knowledge/text-chunker';

const sentence = (i: number): string => `Sentence ${i} explains part ${i} of the topic in plain words.`;
const paragraph = (from: number, count: number): string => Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ');
const zhSentence = (i: number): string => `第${i}句介绍了知识库的一个功能，并说明如何使用它。`;

describe('chunkText', () => {
  it('When the text is empty or blank, Then there are no chunks', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText(' \n\n\t ')).toEqual([]);
  });

  it('When the text fits in one chunk, Then it is the one chunk, trimmed, with its paragraphs kept', () => {
    expect(chunkText('  First paragraph.\r\n\r\nSecond one.\n')).toEqual(['First paragraph.\n\nSecond one.']);
  });

  it('When nothing is configured, Then chunks are up to 800 characters with a 100-character overlap', () => {
    expect(DEFAULT_CHUNKING).toEqual({ size: 800, overlap: 100 });
    const chunks = chunkText(paragraph(0, 60));
    expect(chunks.length).toBeGreaterThan(4);
    chunks.forEach((chunk) => expect(chunk.length).toBeLessThanOrEqual(800));
    expect(chunks[0].length).toBeGreaterThan(700);
  });

  it('When two paragraphs do not fit together, Then each becomes its own chunk, without overlap', () => {
    const first = paragraph(0, 4);
    const second = paragraph(10, 4);
    expect(chunkText(`${first}\n\n${second}`, { size: 300, overlap: 60 })).toEqual([first, second]);
  });

  it('When a paragraph is longer than a chunk, Then it is cut between sentences and the next chunk repeats the last sentence', () => {
    const size = 200;
    const chunks = chunkText(paragraph(0, 12), { size, overlap: 70 });
    chunks.forEach((chunk) => {
      expect(chunk.length).toBeLessThanOrEqual(size);
      expect(chunk).toMatch(/^Sentence \d+ .*\.$/);
    });
    for (let i = 1; i < chunks.length; i += 1) {
      const lastOfPrevious = chunks[i - 1].match(/Sentence \d+ [^.]*\.$/)?.[0];
      expect(chunks[i].startsWith(lastOfPrevious as string)).toBe(true);
    }
    for (let i = 0; i < 12; i += 1) expect(chunks.some((chunk) => chunk.includes(sentence(i)))).toBe(true);
  });

  it('When sentences are longer than the overlap, Then the next chunk starts with the end of the last one, at a word', () => {
    const chunks = chunkText(paragraph(0, 10), { size: 200, overlap: 30 });
    for (let i = 1; i < chunks.length; i += 1) {
      const repeated = chunks[i].slice(0, chunks[i].indexOf('.') + 1);
      expect(repeated.length).toBeLessThanOrEqual(30);
      expect(chunks[i - 1].endsWith(repeated)).toBe(true);
      expect(chunks[i - 1].charAt(chunks[i - 1].length - repeated.length - 1)).toBe(' ');
    }
  });

  it('When Chinese text has no spaces, Then it is cut after full stops (。) and overlaps by whole sentences', () => {
    const text = Array.from({ length: 20 }, (_, i) => zhSentence(i)).join('');
    const chunks = chunkText(text, { size: 100, overlap: 30 });
    expect(chunks.length).toBeGreaterThan(5);
    chunks.forEach((chunk) => {
      expect(chunk.length).toBeLessThanOrEqual(100);
      expect(chunk.endsWith('。')).toBe(true);
      expect(chunk.startsWith('第')).toBe(true);
    });
    const firstSentences = chunks[0].split('。').filter(Boolean);
    expect(chunks[1].startsWith(`${firstSentences[firstSentences.length - 1]}。`)).toBe(true);
  });

  it('When a Chinese run has no punctuation at all, Then it is still cut within the size, at any character', () => {
    const text = '知识检索增强生成'.repeat(60);
    const chunks = chunkText(text, { size: 100, overlap: 20 });
    chunks.forEach((chunk) => expect(chunk.length).toBeLessThanOrEqual(100));
    expect(
      chunks[0] +
        chunks
          .slice(1)
          .map((chunk) => chunk.slice(20))
          .join(''),
    ).toBe(text);
  });

  it('When a cut would fall inside an emoji, Then the surrogate pair stays whole', () => {
    const chunks = chunkText('😀'.repeat(300), { size: 51, overlap: 0 });
    chunks.forEach((chunk) => {
      expect(chunk.length).toBeLessThanOrEqual(51);
      expect([...chunk].every((char) => char === '😀')).toBe(true);
    });
    expect(chunks.join('')).toBe('😀'.repeat(300));
  });

  it('When abbreviations, decimals and file names have dots, Then they do not end a sentence', () => {
    const text = 'Prices rose e.g. by 3.14 percent in file.txt as Dr. Smith said. Next sentence here.';
    const chunks = chunkText(`${text} ${text} ${text}`, { size: 100, overlap: 0 });
    expect(chunks[0]).toBe('Prices rose e.g. by 3.14 percent in file.txt as Dr. Smith said. Next sentence here.');
  });

  it('When a markdown section starts and the chunk is a quarter full, Then the section starts a new chunk', () => {
    const intro = paragraph(0, 4);
    const section = paragraph(20, 2);
    const chunks = chunkText(`${intro}\n\n## Pricing\n\n${section}`, { size: 800, overlap: 40 });
    expect(chunks).toEqual([intro, `## Pricing\n\n${section}`]);
    expect(chunkText(`Intro.\n\n## Pricing\n\n${section}`, { size: 800, overlap: 40 })).toEqual([`Intro.\n\n## Pricing\n\n${section}`]);
  });

  it('When a markdown heading would end a chunk, Then it moves to the next chunk with its text', () => {
    const long = `${'Word '.repeat(15)}end.`;
    const chunks = chunkText(`Intro.\n\n## Pricing\n\n${long}`, { size: 100, overlap: 0 });
    expect(chunks).toEqual(['Intro.', `## Pricing\n\n${long}`]);
  });

  it('When a word is longer than a chunk, Then it is cut to fit', () => {
    const chunks = chunkText(`short ${'x'.repeat(250)} end`, { size: 100, overlap: 10 });
    chunks.forEach((chunk) => expect(chunk.length).toBeLessThanOrEqual(100));
    expect(chunks.join('').replace(/\s/g, '').length).toBeGreaterThanOrEqual(250);
  });

  it.each([[{ size: 10, overlap: 0 }], [{ size: 100, overlap: 51 }], [{ size: 100, overlap: -1 }], [{ size: 100.5, overlap: 10 }]])(
    'When the options are %j, Then they are refused',
    (options) => {
      expect(() => chunkText('text', options)).toThrow(RangeError);
    },
  );

  describe('offsets', () => {
    const squeezed = (text: string): string => text.replace(/\s+/g, ' ').trim();

    it.each([
      ['English paragraphs with overlap', `${paragraph(0, 30)}\r\n\r\n  ${paragraph(40, 12)}\n\n# Heading\n\n${paragraph(60, 9)}`, { size: 300, overlap: 80 }],
      ['Chinese sentences', Array.from({ length: 40 }, (_, i) => zhSentence(i)).join(''), { size: 120, overlap: 30 }],
      ['one over-long word', `start ${'x'.repeat(900)} end`, { size: 200, overlap: 40 }],
    ])('When %s are chunked, Then each chunk is the text between its offsets', (_name, text, options) => {
      const normalised = text.replace(/\r\n?/g, '\n');
      const chunks = chunkTextWithOffsets(text, options);
      expect(chunks.map((chunk) => chunk.content)).toEqual(chunkText(text, options));
      for (const chunk of chunks) {
        expect(chunk.start).toBeLessThan(chunk.end);
        expect(squeezed(normalised.slice(chunk.start, chunk.end))).toBe(squeezed(chunk.content));
      }
      for (let i = 1; i < chunks.length; i += 1) expect(chunks[i].start).toBeGreaterThanOrEqual(chunks[i - 1].start);
    });
  });
});
