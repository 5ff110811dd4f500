import { ToolOutcome } from '../../../core/domain/tool/tool-outcome';
import { JsonValue } from '../../../core/shared/json';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';
import { buildMarketPlugins, MARKET_DIR, marketManifests } from '../../support/market-plugins';
import { compileSchema } from '../../support/untrusted-schemas';

/** Plugins that need no network; github_repo_info has its own suite with a fake egress. */
const OFFLINE = ['currency_format', 'slugify', 'word_frequency'];

let kernel: TestKernel;
beforeAll(async () => {
  buildMarketPlugins();
  kernel = await createTestKernel({ tools: [], pluginDirs: [MARKET_DIR] });
});
afterAll(() => kernel.close());

async function run<T = JsonValue>(id: string, input: JsonValue): Promise<T> {
  const outcome = await kernel.invoke(id, input);
  if (!outcome.success) throw new Error(`${id} failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.result as T;
}

async function failure(id: string, input: JsonValue): Promise<Extract<ToolOutcome, { success: false }>['error']> {
  const outcome = await kernel.invoke(id, input);
  if (outcome.success) throw new Error(`${id} unexpectedly succeeded with ${JSON.stringify(outcome.result)}`);
  return outcome.error;
}

describe('the market folder', () => {
  it('When the kernel loads plugins/market, Then every plugin is a non-built-in tool of a market publisher', () => {
    const ids = marketManifests()
      .map((m) => m.id)
      .sort();
    expect(ids).toEqual(expect.arrayContaining([...OFFLINE, 'github_repo_info']));
    for (const id of ids) {
      expect(kernel.registry.get(id)).toMatchObject({ id, builtin: false, enabled: true, publisher: expect.not.stringMatching(/^builtin$/) });
    }
  });

  describe.each(
    marketManifests()
      .filter((m) => OFFLINE.includes(m.id))
      .map((m) => [m.id, m]),
  )('examples of %s', (id, manifest) => {
    const output = compileSchema(manifest.output_schema);
    it.each((manifest.examples ?? []).map((example) => [example.description, example]))(
      'When the example "%s" runs in the sandbox, Then it succeeds with the documented output',
      async (_description, example) => {
        const result = await run(id, example.input);
        expect(output.validate(result)).toEqual([]);
        if (example.output !== undefined) expect(result).toEqual(example.output);
      },
    );
  });
});

describe('word_frequency', () => {
  it('When words differ in case and punctuation, Then they count as one, most frequent first and ties alphabetical', async () => {
    expect(await run('word_frequency', { text: "Don't stop. don't! STOP, go; e-mail e-mail." })).toEqual({
      total_words: 7,
      unique_words: 4,
      words: [
        { word: "don't", count: 2, share: 0.2857 },
        { word: 'e-mail', count: 2, share: 0.2857 },
        { word: 'stop', count: 2, share: 0.2857 },
        { word: 'go', count: 1, share: 0.1429 },
      ],
    });
  });

  it('When counting is case-sensitive with a minimum length, Then short words drop out and cases stay apart', async () => {
    const result = await run<{ words: Array<{ word: string; count: number }> }>('word_frequency', {
      text: 'Apple apple APPLE an ox',
      case_sensitive: true,
      min_length: 3,
    });
    expect(result.words.map((w) => [w.word, w.count])).toEqual([
      ['APPLE', 1],
      ['Apple', 1],
      ['apple', 1],
    ]);
  });

  it('When the text is Chinese, Then it is split into words rather than counted as one run', async () => {
    const result = await run<{ total_words: number; words: Array<{ word: string; count: number }> }>('word_frequency', {
      text: '我们喜欢学习。我们喜欢编程。',
    });
    expect(result.words.slice(0, 2)).toEqual([
      { word: '喜欢', count: 2, share: expect.any(Number) },
      { word: '我们', count: 2, share: expect.any(Number) },
    ]);
    expect(result.total_words).toBeGreaterThanOrEqual(6);
  });

  it('When there are no words, Then the totals are zero', async () => {
    expect(await run('word_frequency', { text: ' ... !!! ' })).toEqual({ total_words: 0, unique_words: 0, words: [] });
  });

  it('When `top` is outside its range, Then the kernel refuses the input before the code runs', async () => {
    expect(await failure('word_frequency', { text: 'a', top: 0 })).toMatchObject({ code: 'invalid_input' });
  });
});

describe('currency_format', () => {
  it('When euros are formatted for Germany, Then the grouping, decimals and symbol follow German usage', async () => {
    expect(await run('currency_format', { amount: 1234.5, currency: 'eur', locale: 'de-DE' })).toEqual({
      formatted: '1.234,50\u00a0€',
      locale: 'de-DE',
      currency: 'EUR',
      parts: [
        { type: 'integer', value: '1' },
        { type: 'group', value: '.' },
        { type: 'integer', value: '234' },
        { type: 'decimal', value: ',' },
        { type: 'fraction', value: '50' },
        { type: 'literal', value: '\u00a0' },
        { type: 'currency', value: '€' },
      ],
    });
  });

  it('When yen, accounting dollars, a code display or a percentage are asked for, Then each follows its rules', async () => {
    const formatted = async (input: JsonValue) => (await run<{ formatted: string }>('currency_format', input)).formatted;
    expect(await formatted({ amount: 1234.56, currency: 'JPY', locale: 'ja-JP' })).toBe('￥1,235');
    expect(await formatted({ amount: -42, currency: 'USD', accounting: true })).toBe('($42.00)');
    expect(await formatted({ amount: 9.5, currency: 'CHF', locale: 'de-CH', currency_display: 'code' })).toBe('CHF\u00a09.50');
    expect(await formatted({ amount: 0.256, style: 'percent', maximum_fraction_digits: 1 })).toBe('25.6%');
    expect(await formatted({ amount: 1_500_000, style: 'decimal', notation: 'compact' })).toBe('1.5M');
  });

  it('When a currency style has no currency or the locale is malformed, Then the call fails with a clear message', async () => {
    expect(await failure('currency_format', { amount: 1 })).toEqual({ code: 'runtime_error', message: expect.stringContaining('`currency`') });
    expect(await failure('currency_format', { amount: 1, currency: 'EUR', locale: 'not a locale' })).toEqual({
      code: 'runtime_error',
      message: expect.stringContaining('is not a BCP 47 language tag'),
    });
    expect(await failure('currency_format', { amount: 1, style: 'decimal', minimum_fraction_digits: 3, maximum_fraction_digits: 1 })).toMatchObject({
      code: 'runtime_error',
    });
  });
});

describe('slugify', () => {
  it('When a title has accents, German and Nordic letters and symbols, Then only ASCII words and separators remain', async () => {
    expect(await run('slugify', { text: '  Ærø & Straße: Crème brûlée — 100% Łódź!  ' })).toEqual({
      slug: 'aero-strasse-creme-brulee-100-lodz',
      truncated: false,
    });
  });

  it('When the slug is too long, Then it is cut at a separator, or inside a single long word', async () => {
    expect(await run('slugify', { text: 'one two three four', max_length: 12 })).toEqual({ slug: 'one-two', truncated: true });
    expect(await run('slugify', { text: 'one two three', max_length: 7 })).toEqual({ slug: 'one-two', truncated: true });
    expect(await run('slugify', { text: 'Supercalifragilistic', max_length: 5, lowercase: false })).toEqual({ slug: 'Super', truncated: true });
  });

  it('When nothing transliterable is left, Then the slug is empty', async () => {
    expect(await run('slugify', { text: '🙂 ★ …', separator: '.' })).toEqual({ slug: '', truncated: false });
  });
});
