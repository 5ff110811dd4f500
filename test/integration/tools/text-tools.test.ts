import { JsonValue } from '../../../core/shared/json';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';
import { describeManifestExamples, failureOf, resultOf } from './builtin-tool-examples';

const TOOLS = ['regex_extract', 'text_replace', 'text_split', 'text_stats', 'markdown_to_html', 'html_to_text'] as const;

let kernel: TestKernel;
beforeAll(async () => {
  kernel = await createTestKernel({ tools: [...TOOLS] });
});
afterAll(() => kernel.close());

const run = <T = JsonValue>(id: (typeof TOOLS)[number], input: JsonValue) => resultOf<T>(kernel, id, input);

describeManifestExamples(TOOLS, () => kernel);

describe('regex_extract', () => {
  it('When a pattern has an optional group, Then every match comes back with null for the group that did not take part', async () => {
    expect(await run('regex_extract', { text: 'v1.2 and v3', pattern: 'v(\\d+)(?:\\.(\\d+))?' })).toEqual({
      count: 2,
      truncated: false,
      matches: [
        { match: 'v1.2', index: 0, groups: ['1', '2'] },
        { match: 'v3', index: 9, groups: ['3', null] },
      ],
    });
  });

  it('When multiline and unicode flags are set, Then ^ matches at every line and astral characters count once', async () => {
    const result = await run('regex_extract', { text: '😀 one\n😀 two', pattern: '^\\p{Emoji_Presentation} (\\w+)$', flags: 'mu' });
    expect(result).toMatchObject({ count: 2, matches: [{ groups: ['one'] }, { groups: ['two'], index: 7 }] });
  });

  it('When a pattern matches the empty string, Then the search stops at max_matches instead of looping', async () => {
    const empty = (index: number) => ({ match: '', index, groups: [] });
    expect(await run('regex_extract', { text: 'abc', pattern: 'x*', max_matches: 2 })).toEqual({
      count: 2,
      truncated: true,
      matches: [empty(0), empty(1)],
    });
  });

  it('When nothing matches, Then that is an answer: zero matches, not a failure', async () => {
    expect(await run('regex_extract', { text: 'abc', pattern: '\\d+' })).toEqual({ count: 0, truncated: false, matches: [] });
  });

  it('When the pattern does not compile, Then the call fails with invalid_pattern', async () => {
    expect((await failureOf(kernel, 'regex_extract', { text: 'abc', pattern: '(?<x>a' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_pattern',
    });
  });

  it('When the matches would outgrow the kernel output cap, Then the search stops early and says so', async () => {
    // A lookahead matches at every position and captures the next 2 000 characters each time.
    const result = await run<{ count: number; truncated: boolean }>('regex_extract', {
      text: 'x'.repeat(5000),
      pattern: '(?=(.{2000}))',
      max_matches: 1000,
    });
    expect(result).toMatchObject({ truncated: true });
    expect(result.count).toBeGreaterThan(400);
    expect(result.count).toBeLessThan(460);
  });

  it('When a pattern backtracks catastrophically, Then the CPU limit stops it with a timeout and the tool still works afterwards', async () => {
    const outcome = await failureOf(kernel, 'regex_extract', { text: `${'a'.repeat(40)}!`, pattern: '^(a+)+$' });
    expect(outcome.error.code).toBe('timeout');
    expect(await run('regex_extract', { text: 'aaa', pattern: 'a' })).toMatchObject({ count: 3 });
  });

  it('When the text is over the cap or a flag is unknown, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'regex_extract', { text: 'a'.repeat(100_001), pattern: 'a' })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'regex_extract', { text: 'a', pattern: 'a', flags: 'x' })).error.code).toBe('invalid_input');
  });
});

describe('text_replace', () => {
  it('When replacing literally with ignore_case and only the first, Then one match changes and regex characters are plain', async () => {
    expect(await run('text_replace', { text: 'A.b a.b', find: 'a.b', replace: '$1', ignore_case: true, all: false })).toEqual({
      text: '$1 a.b',
      replacements: 1,
    });
  });

  it('When replacing with a regex and named groups, Then $<name> inserts the group', async () => {
    expect(
      await run('text_replace', { text: 'john smith, ada lovelace', find: '(?<first>\\w+) (?<last>\\w+)', replace: '$<last> $<first>', mode: 'regex' }),
    ).toEqual({ text: 'smith john, lovelace ada', replacements: 2 });
  });

  it('When nothing matches, Then the text comes back unchanged with zero replacements', async () => {
    expect(await run('text_replace', { text: 'abc', find: 'z', replace: 'y' })).toEqual({ text: 'abc', replacements: 0 });
  });

  it('When the result would explode in size, Then it is refused before being built', async () => {
    const { error } = await failureOf(kernel, 'text_replace', { text: 'a'.repeat(10_000), find: 'a', replace: 'b'.repeat(1000) });
    expect(error).toEqual({ code: 'runtime_error', reason: 'result_too_large', message: 'The result would exceed 300000 characters' });
  });

  it('When the regex is invalid, Then the call fails with invalid_pattern', async () => {
    expect((await failureOf(kernel, 'text_replace', { text: 'a', find: '[', replace: '', mode: 'regex' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_pattern',
    });
  });

  it('When find is empty or mode is unknown, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'text_replace', { text: 'a', find: '', replace: 'b' })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'text_replace', { text: 'a', find: 'a', replace: 'b', mode: 'glob' })).error.code).toBe('invalid_input');
  });
});

describe('text_split', () => {
  it('When splitting lines with mixed endings, Then blank lines are dropped and parts trimmed', async () => {
    expect(await run('text_split', { text: ' one \r\ntwo\r\n\n three\n', mode: 'lines' })).toEqual({
      parts: ['one', 'two', 'three'],
      count: 3,
      truncated: false,
    });
  });

  it('When trim and remove_empty are off, Then the parts are exactly the pieces', async () => {
    expect(await run('text_split', { text: 'a, ,b', mode: 'separator', separator: ',', trim: false, remove_empty: false })).toMatchObject({
      parts: ['a', ' ', 'b'],
    });
  });

  it('When splitting by a regex separator, Then each run of the separator splits once', async () => {
    expect(await run('text_split', { text: 'a1b22c333d', mode: 'separator', separator: '\\d+', regex: true })).toMatchObject({
      parts: ['a', 'b', 'c', 'd'],
    });
  });

  it('When splitting paragraphs, Then blank lines separate them and single line breaks stay inside', async () => {
    expect(await run('text_split', { text: 'first\nstill first\n\n  \nsecond', mode: 'paragraphs' })).toMatchObject({
      parts: ['first\nstill first', 'second'],
    });
  });

  it('When splitting Chinese sentences, Then the ideographic full stop and question mark end them', async () => {
    expect(await run('text_split', { text: '今天天气很好。你去哪里？我去学校。', mode: 'sentences', locale: 'zh' })).toMatchObject({
      parts: ['今天天气很好。', '你去哪里？', '我去学校。'],
    });
  });

  it('When a long text is split into sentences, Then every sentence comes back once and whole', async () => {
    const sentences = Array.from({ length: 600 }, (_, i) => `Sentence number ${i} ends here.`);
    const result = await run('text_split', { text: sentences.join(' '), mode: 'sentences', max_parts: 10_000 });
    expect(result).toEqual({ parts: sentences, count: 600, truncated: false });
  });

  it('When chunking text with emoji and an overlap, Then chunks cut between code points and repeat the overlap', async () => {
    expect(await run('text_split', { text: '😀a😀b😀c', mode: 'chunks', chunk_size: 3, overlap: 1 })).toEqual({
      parts: ['😀a😀', '😀b😀', '😀c'],
      count: 3,
      truncated: false,
    });
  });

  it('When there are more parts than max_parts, Then the first ones come back with the full count', async () => {
    expect(await run('text_split', { text: 'abcdefghij', mode: 'chunks', chunk_size: 2, max_parts: 2 })).toEqual({
      parts: ['ab', 'cd'],
      count: 5,
      truncated: true,
    });
  });

  it('When overlapping chunks would outgrow the kernel output cap, Then the parts stop early with the full count', async () => {
    const result = await run<{ parts: string[]; count: number; truncated: boolean }>('text_split', {
      text: 'abcdefghij'.repeat(300),
      mode: 'chunks',
      chunk_size: 1000,
      overlap: 999,
      max_parts: 10_000,
    });
    expect(result).toMatchObject({ count: 2001, truncated: true });
    expect(result.parts.length).toBeGreaterThan(850);
    expect(result.parts.length).toBeLessThan(900);
  });

  it('When overlap is not below chunk_size or the separator is missing, Then the call fails with invalid_input; a bad pattern or locale with its reason', async () => {
    expect((await failureOf(kernel, 'text_split', { text: 'abc', mode: 'chunks', chunk_size: 2, overlap: 2 })).error).toEqual({
      code: 'invalid_input',
      message: 'overlap (2) must be below chunk_size (2)',
    });
    expect((await failureOf(kernel, 'text_split', { text: 'abc', mode: 'separator' })).error).toEqual({
      code: 'invalid_input',
      message: 'separator mode needs a separator',
    });
    expect((await failureOf(kernel, 'text_split', { text: 'a. b.', mode: 'sentences', locale: 'en-US-US' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_locale',
    });
    expect((await failureOf(kernel, 'text_split', { text: 'abc', mode: 'separator', separator: '(', regex: true })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_pattern',
    });
  });

  it('When mode is missing or chunk_size is zero, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'text_split', { text: 'abc' })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'text_split', { text: 'abc', mode: 'chunks', chunk_size: 0 })).error.code).toBe('invalid_input');
  });
});

describe('text_stats', () => {
  it('When the text mixes Japanese, English, an emoji with a skin tone and blank lines, Then every count follows its definition', async () => {
    const text = '東京へ行きます。\nI love Tokyo 👍🏽!\n\nSecond paragraph here.\n';
    expect(await run('text_stats', { text })).toEqual({
      characters: 49,
      characters_excluding_spaces: 40,
      bytes_utf8: 72,
      words: 13,
      cjk_characters: 7,
      lines: 4,
      sentences: 3,
      paragraphs: 2,
      reading_time_seconds: 3,
      reading_time_minutes: 0.1,
    });
  });

  it('When the reading speed is given, Then the reading time follows it', async () => {
    const text = Array.from({ length: 600 }, () => 'word').join(' ');
    expect(await run('text_stats', { text, words_per_minute: 300 })).toMatchObject({ words: 600, reading_time_seconds: 120, reading_time_minutes: 2 });
  });

  it('When a long text is counted in pieces, Then the totals equal the sum of its parts', async () => {
    // 9 + 6 + 4 words (each Han character is one), 4 sentences.
    const paragraph = 'The quick brown fox jumps over the lazy dog. 我们喜欢编程！ Does it work? Yes.';
    const result = await run('text_stats', { text: Array.from({ length: 2000 }, () => paragraph).join('\n\n') });
    expect(result).toMatchObject({ words: 2000 * 19, cjk_characters: 2000 * 6, sentences: 2000 * 4, paragraphs: 2000, lines: 3999 });
  });

  it('When the text is empty, Then every count is zero', async () => {
    expect(await run('text_stats', { text: '' })).toMatchObject({ characters: 0, words: 0, lines: 0, sentences: 0, paragraphs: 0, reading_time_seconds: 0 });
  });

  it('When words_per_minute is zero, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'text_stats', { text: 'a', words_per_minute: 0 })).error.code).toBe('invalid_input');
  });
});

describe('markdown_to_html', () => {
  it('When the Markdown has a GFM table, a task list and code, Then they render as HTML', async () => {
    const markdown = '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n```js\nif (a < b) {}\n```';
    expect(await run('markdown_to_html', { markdown })).toEqual({
      html:
        '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody><tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody></table>\n' +
        '<ul>\n<li><input checked="" disabled="" type="checkbox"> done</li>\n</ul>\n' +
        '<pre><code class="language-js">if (a &lt; b) {}\n</code></pre>\n',
    });
  });

  it('When raw HTML and event handlers are inlined, Then they are escaped, not rendered', async () => {
    expect(await run('markdown_to_html', { markdown: 'Hi <img src=x onerror="alert(1)"> <b>bold</b>' })).toEqual({
      html: '<p>Hi &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;b&gt;bold&lt;/b&gt;</p>\n',
    });
  });

  it('When links and images use javascript:, data: or entity-disguised schemes, Then only their text remains', async () => {
    const markdown = '[a](javascript:alert(1)) [b](JAVASCRIPT:x) [c](java&#x09;script:x) ![d](data:image/svg+xml,x) [e](vbscript:x)';
    expect(await run('markdown_to_html', { markdown })).toEqual({ html: '<p>a b c d e</p>\n' });
  });

  it('When links are http, mailto or relative, Then they are kept (marked percent-encodes, so a quote cannot end the attribute)', async () => {
    const markdown = '[a](https://x.org/?q=1&r="2") [b](mailto:me@x.org) [c](../doc.md#part) [d](#top) ![e](/img/e.png)';
    expect(await run('markdown_to_html', { markdown })).toEqual({
      html: '<p><a href="https://x.org/?q=1&r=%222%22">a</a> <a href="mailto:me@x.org">b</a> <a href="../doc.md#part">c</a> <a href="#top">d</a> <img src="/img/e.png" alt="e"></p>\n',
    });
  });

  it('When breaks is on and gfm off, Then single line breaks become <br> and ~~ stays literal', async () => {
    expect(await run('markdown_to_html', { markdown: 'one\ntwo ~~x~~', breaks: true, gfm: false })).toEqual({ html: '<p>one\ntwo ~~x~~</p>\n' });
    expect(await run('markdown_to_html', { markdown: 'one\ntwo', breaks: true })).toEqual({ html: '<p>one<br>two</p>\n' });
  });

  it('When markdown is missing, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'markdown_to_html', { text: '# x' })).error.code).toBe('invalid_input');
  });
});

describe('html_to_text', () => {
  const page =
    '<html><head><style>p{color:red}</style><script>steal()</script></head><body>' +
    '<h2>Report</h2><p>See <a href="/docs">the docs</a> and <a href="https://x.org">https://x.org</a>.</p>' +
    '<img src="/chart.png" alt="Chart"><ol><li>first</li><li>second</li></ol>' +
    '<table><tr><th>Item</th><th>Qty</th></tr><tr><td>Apples</td><td>3</td></tr></table></body></html>';

  it('When converting a page, Then scripts and styles vanish, links show their URL once and tables keep columns', async () => {
    expect(await run('html_to_text', { html: page })).toEqual({
      text: 'Report\n\nSee the docs [/docs] and https://x.org.\n\n 1. first\n 2. second\n\nItem     Qty\nApples   3',
    });
  });

  it('When images, a base URL and upper-case headings are asked for, Then they appear', async () => {
    const result = await run('html_to_text', { html: page, include_images: true, base_url: 'https://site.org', uppercase_headings: true });
    expect(result).toEqual({
      text: 'REPORT\n\nSee the docs [https://site.org/docs] and https://x.org.\n\nChart [https://site.org/chart.png]\n 1. first\n 2. second\n\nITEM     QTY\nApples   3',
    });
  });

  it('When wordwrap is set, Then no line is longer than it', async () => {
    const { text } = await run<{ text: string }>('html_to_text', { html: `<p>${'lorem ipsum '.repeat(20)}</p>`, wordwrap: 30 });
    expect(text.split('\n').every((line) => line.length <= 30)).toBe(true);
    expect(text.split('\n').length).toBeGreaterThan(5);
  });

  it('When entities and broken markup come in, Then the text is decoded and nothing fails', async () => {
    expect(await run('html_to_text', { html: '<p>Fish &amp; chips &lt;3 &eacute;t&eacute;<div>unclosed <b>bold' })).toEqual({
      text: 'Fish & chips <3 été\n\nunclosed bold',
    });
  });

  it('When wordwrap is below 20, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'html_to_text', { html: '<p>x</p>', wordwrap: 5 })).error.code).toBe('invalid_input');
  });
});
