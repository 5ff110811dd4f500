import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OfflineLlmProvider } from '../../../adapters/llm/offline/offline-llm-provider';
import { LlmTimeoutError, LlmUpstreamError } from '../../../core/domain/llm/llm.errors';
import { ChatRequest, ChatResponse, ChatStreamEvent, LlmProvider } from '../../../core/ports/llm-provider.port';
import { JsonValue } from '../../../core/shared/json';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';

const LLM_TOOLS = ['llm_generate', 'summarize', 'translate', 'classify_text', 'extract_entities', 'sentiment'];

/**
 * The offline model, unless a test scripts the next replies (text, or an error to throw):
 * one kernel serves both, and every request is recorded.
 */
class ScriptedLlmProvider implements LlmProvider {
  readonly name = 'scripted';
  readonly requests: ChatRequest[] = [];
  private script: Array<string | Error> = [];
  private readonly offline = new OfflineLlmProvider();

  willReply(...replies: Array<string | Error>): void {
    this.script.push(...replies);
  }

  reset(): void {
    this.script = [];
    this.requests.length = 0;
  }

  async chat(request: ChatRequest): Promise<ChatResponse> {
    this.requests.push(request);
    const next = this.script.shift();
    if (next === undefined) return this.offline.chat(request);
    if (next instanceof Error) throw next;
    return { content: next, toolCalls: [], usage: { promptTokens: 11, completionTokens: 7, totalTokens: 18 }, model: 'scripted-1', finishReason: 'stop' };
  }

  async *stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    const response = await this.chat(request);
    yield { type: 'token', content: response.content };
    yield { type: 'done', finishReason: response.finishReason, model: response.model };
  }
}

const model = new ScriptedLlmProvider();
let kernel: TestKernel;

beforeAll(async () => {
  kernel = await createTestKernel({ tools: LLM_TOOLS, llm: model });
});
afterAll(() => kernel.close());
beforeEach(() => model.reset());

async function run(id: string, input: JsonValue): Promise<Record<string, JsonValue>> {
  const outcome = await kernel.invoke(id, input);
  if (!outcome.success) throw new Error(`${id} failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.result as Record<string, JsonValue>;
}

function systemOf(request: ChatRequest): string {
  return request.messages.find((m) => m.role === 'system')?.content ?? '';
}

describe('LLM tools with the offline model', () => {
  it.each(LLM_TOOLS)('When every manifest example of %s runs, Then each succeeds with schema-valid output', async (id) => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../../tools-builtin', id, 'manifest.json'), 'utf8')) as {
      examples: Array<{ input: JsonValue }>;
    };
    for (const example of manifest.examples) {
      const outcome = await kernel.invoke(id, example.input);
      expect(outcome).toMatchObject({ success: true, receipt: { tool_id: id, outcome: 'success' } });
      expect(['llm']).toEqual(expect.arrayContaining(outcome.receipt.capabilities_used));
    }
  });

  it('When llm_generate is asked, Then it returns the offline text, model and consistent usage', async () => {
    const result = await run('llm_generate', { prompt: 'Write a haiku about autumn rain', system: 'Be brief.' });
    expect(result.text).toMatch(/^\[offline model\] .*autumn rain/);
    expect(result.model).toBe('offline-1');
    const usage = result.usage as Record<string, number>;
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(usage.prompt_tokens).toBeGreaterThan(0);
  });

  it('When summarize gets a short text, Then it is one chunk, asked as the summarize task', async () => {
    const result = await run('summarize', { text: 'The central bank raised rates. Markets fell sharply.', style: 'bullets', language: 'English' });
    expect(result).toMatchObject({ style: 'bullets', chunks: 1, capped: false });
    expect(
      String(result.summary)
        .split('\n')
        .every((line) => line.startsWith('- ')),
    ).toBe(true);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0].task).toBe('summarize');
    expect(systemOf(model.requests[0])).not.toContain('#task');
    expect(systemOf(model.requests[0])).toContain('Write the summary in English.');
  });

  it('When summarize gets a long text, Then it summarizes each part and then combines them', async () => {
    const paragraph = `${'The committee reviewed the budget line by line and agreed on savings. '.repeat(40)}`;
    const text = Array.from({ length: 9 }, (_, i) => `Section ${i + 1}. ${paragraph}`).join('\n\n');
    const result = await run('summarize', { text, max_words: 12 });
    expect(result.chunks).toBeGreaterThan(1);
    expect(result.chunks).toBeLessThanOrEqual(6);
    expect(model.requests).toHaveLength(Number(result.chunks) + 1);
    expect(systemOf(model.requests[0])).toContain(`This is part 1 of ${result.chunks}`);
    expect(model.requests.at(-1)?.messages.at(-1)?.content).toMatch(/^Part 1: /);
    expect(result.word_count).toBeLessThanOrEqual(12);
    expect(result.capped).toBe(true);
  });

  it('When translate is asked, Then the offline text comes back with the languages', async () => {
    const result = await run('translate', { text: 'Good morning', target_language: 'French' });
    expect(result).toEqual({ translation: expect.stringMatching(/^\[offline model\]/), target_language: 'French', source_language: null });
  });

  it('When classify_text gets the offline generic JSON, Then it falls back to word overlap and says so', async () => {
    const result = await run('classify_text', {
      text: 'I was billed twice and the billing page shows two charges.',
      labels: ['billing', 'technical issue', 'other'],
    });
    expect(result).toMatchObject({ label: 'billing', model_answer: 'unusable' });
    expect(result.confidence).toBeLessThanOrEqual(0.6);
    const request = model.requests[0];
    expect(request.task).toBe('classify_text');
    expect(request.responseFormat).toBe('json');
    expect(JSON.parse(request.messages.at(-1)!.content)).toEqual({
      text: 'I was billed twice and the billing page shows two charges.',
      labels: ['billing', 'technical issue', 'other'],
    });
  });

  it('When classify_text gets labels that are the same once trimmed, Then the call fails with invalid_input and asks no model', async () => {
    const outcome = await kernel.invoke('classify_text', { text: 'anything', labels: ['billing', ' billing '] });
    expect(outcome).toMatchObject({ success: false, error: { code: 'invalid_input', message: 'Give at least two distinct, non-blank labels.' } });
    expect(model.requests).toHaveLength(0);
  });

  it('When sentiment gets the offline generic JSON, Then the lexicon rates it', async () => {
    expect(await run('sentiment', { text: 'Terrible support, the app crashed again and nobody helped.' })).toMatchObject({
      sentiment: 'negative',
      model_answer: 'unusable',
    });
    expect(model.requests[0].task).toBe('sentiment');
  });

  it('When extract_entities gets the offline generic JSON, Then patterns and name heuristics still answer', async () => {
    const result = await run('extract_entities', {
      text: 'Dr. Ada Lovelace (ada@example.com) joins Analytical Engines Ltd on 12 March 2025, see https://example.org/news.',
    });
    expect(result).toEqual({
      entities: {
        people: ['Ada Lovelace'],
        organizations: ['Analytical Engines Ltd'],
        places: [],
        dates: ['12 March 2025'],
        emails: ['ada@example.com'],
        urls: ['https://example.org/news'],
        phone_numbers: [],
        money: [],
      },
      model_answer: 'unusable',
      discarded: 0,
    });
    expect(model.requests[0].task).toBe('extract_entities');
  });
});

describe('LLM tools with a scripted model', () => {
  it('When llm_generate runs, Then system, temperature and max tokens reach the provider and usage is mapped', async () => {
    model.willReply('Rain on the roof');
    const result = await run('llm_generate', { prompt: 'Haiku?', system: 'You are a poet.', temperature: 0.9, max_tokens: 60 });
    expect(result).toEqual({ text: 'Rain on the roof', model: 'scripted-1', usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } });
    expect(model.requests[0]).toMatchObject({
      messages: [
        { role: 'system', content: 'You are a poet.' },
        { role: 'user', content: 'Haiku?' },
      ],
      temperature: 0.9,
      maxTokens: 60,
    });
  });

  it('When the provider fails for llm_generate, Then the call fails (there is nothing to fall back on)', async () => {
    model.willReply(new LlmUpstreamError());
    const outcome = await kernel.invoke('llm_generate', { prompt: 'Hello' });
    expect(outcome.success).toBe(false);
  });

  describe('classify_text', () => {
    const input = { text: 'My card was charged twice this month.', labels: ['billing', 'technical issue', 'other'] };

    it('When the model answers valid JSON, Then its label, confidence and reason are used', async () => {
      model.willReply('{"label": "billing", "confidence": 0.93, "reason": "A duplicate charge."}');
      expect(await run('classify_text', input)).toEqual({ label: 'billing', confidence: 0.93, reason: 'A duplicate charge.', model_answer: 'valid' });
    });

    it('When the JSON is fenced with a differently cased label and a percentage, Then it is repaired', async () => {
      model.willReply('Sure!\n```json\n{"category": "Technical Issue", "confidence": "80%"}\n```');
      const result = await run('classify_text', input);
      expect(result).toEqual({ label: 'technical issue', confidence: 0.8, reason: 'Chosen by the model.', model_answer: 'repaired' });
    });

    it('When the JSON is broken (single quotes, trailing comma, cut off), Then it is repaired', async () => {
      model.willReply("{'label': 'billing', 'confidence': 0.7, 'reason': 'dupl");
      expect(await run('classify_text', input)).toMatchObject({ label: 'billing', confidence: 0.7, reason: 'dupl', model_answer: 'repaired' });
    });

    it('When the model names a label that is not a candidate, Then word overlap decides', async () => {
      model.willReply('{"label": "refund", "confidence": 0.99}');
      const result = await run('classify_text', { ...input, text: 'I was billed twice this month.' });
      expect(result).toMatchObject({ label: 'billing', model_answer: 'unusable' });
    });

    it('When the model answers plain text naming one candidate, Then that candidate is used', async () => {
      model.willReply('Other.');
      expect(await run('classify_text', input)).toMatchObject({ label: 'other', confidence: 0.5, model_answer: 'repaired' });
    });

    it('When the provider is down, Then the tool still answers and reports the model unavailable', async () => {
      model.willReply(new LlmUpstreamError());
      expect(await run('classify_text', { text: 'Nothing relevant here', labels: ['sports', 'other'] })).toEqual({
        label: 'other',
        confidence: 0.5,
        reason: 'No usable model answer and no word of the text matches a label; this is a default guess.',
        model_answer: 'unavailable',
      });
    });
  });

  describe('sentiment', () => {
    const input = { text: 'The delivery was late but the food was great.' };

    it('When the model answers valid JSON, Then it is used as is', async () => {
      model.willReply('{"sentiment": "positive", "score": 0.4, "confidence": 0.8}');
      expect(await run('sentiment', input)).toEqual({ sentiment: 'positive', score: 0.4, confidence: 0.8, model_answer: 'valid' });
    });

    it('When the aspect is given, Then it is sent to the model', async () => {
      model.willReply('{"sentiment": "negative", "score": -0.6, "confidence": 0.9}');
      expect(await run('sentiment', { ...input, aspect: 'delivery' })).toMatchObject({ sentiment: 'negative', model_answer: 'valid' });
      expect(JSON.parse(model.requests[0].messages.at(-1)!.content)).toEqual({ ...input, aspect: 'delivery' });
    });

    it('When the score contradicts the label inside a fence, Then the label wins and it is marked repaired', async () => {
      model.willReply('```\n{"label": "Negative", "score": 0.7}\n```');
      expect(await run('sentiment', input)).toEqual({ sentiment: 'negative', score: -0.7, confidence: 0.85, model_answer: 'repaired' });
    });

    it('When the JSON is unusable, Then the lexicon rates the text', async () => {
      model.willReply('{"mood": "hmm"');
      expect(await run('sentiment', { text: 'Awful, broken and useless.' })).toMatchObject({ sentiment: 'negative', model_answer: 'unusable' });
    });

    it('When the provider times out, Then the lexicon answers and the model is reported unavailable', async () => {
      model.willReply(new LlmTimeoutError());
      expect(await run('sentiment', { text: 'Thanks, this works perfectly!' })).toMatchObject({ sentiment: 'positive', model_answer: 'unavailable' });
    });
  });

  describe('extract_entities', () => {
    const text = 'Ana Lopez from Acme Corp met Bob in Paris on March 3rd; contact ana@acme.example, na@acme.example or +1 415 555 0100.';

    it('When the model answers valid JSON with a made-up name and a partial one, Then they are dropped and merged with the patterns', async () => {
      const lists = { people: ['Ana Lopez', 'Bob', 'Carla Diaz'], organizations: ['Acme Corp', 'Acme'], places: ['Paris'], dates: ['March 3rd'] };
      model.willReply(JSON.stringify({ ...lists, emails: [], urls: [], phone_numbers: [], money: [] }));
      expect(await run('extract_entities', { text })).toEqual({
        entities: {
          ...lists,
          people: ['Ana Lopez', 'Bob'],
          organizations: ['Acme Corp'],
          emails: ['ana@acme.example', 'na@acme.example'],
          urls: [],
          phone_numbers: ['+1 415 555 0100'],
          money: [],
        },
        model_answer: 'valid',
        discarded: 1,
      });
    });

    it('When the model answers a fenced tagged list, Then it is regrouped and marked repaired', async () => {
      model.willReply('```json\n{"entities": [{"text": "Ana Lopez", "type": "PERSON"}, {"text": "Paris", "type": "LOC"}]}\n```');
      const result = await run('extract_entities', { text, types: ['people', 'places'] });
      expect(result).toEqual({ entities: { people: ['Ana Lopez'], places: ['Paris'] }, model_answer: 'repaired', discarded: 0 });
    });

    it('When the JSON is cut off, Then the complete part is kept', async () => {
      model.willReply('{"people": ["Ana Lopez", "Bob"], "organizations": ["Acme');
      const result = await run('extract_entities', { text, types: ['people', 'organizations'] });
      expect(result).toEqual({ entities: { people: ['Ana Lopez', 'Bob'], organizations: ['Acme'] }, model_answer: 'repaired', discarded: 0 });
    });

    it('When only pattern types are asked, Then the model is not called', async () => {
      const result = await run('extract_entities', { text, types: ['emails', 'phone_numbers'] });
      const entities = { emails: ['ana@acme.example', 'na@acme.example'], phone_numbers: ['+1 415 555 0100'] };
      expect(result).toEqual({ entities, model_answer: 'not_needed', discarded: 0 });
      expect(model.requests).toHaveLength(0);
    });
  });

  it('When summarize gets a preamble and a too-long answer, Then it is cleaned and capped', async () => {
    model.willReply("Here's a summary of the text:\nThe board approved the budget, hired two engineers and delayed the launch to May.");
    const result = await run('summarize', { text: 'Long minutes…', max_words: 8 });
    expect(result).toEqual({ summary: 'The board approved the budget, hired two engineers…', style: 'paragraph', word_count: 8, chunks: 1, capped: true });
  });

  it('When translate gets a quoted, labelled answer, Then the label and quotes are stripped and the glossary was sent', async () => {
    model.willReply('Translation: "Ouvrez votre espace de travail."');
    const result = await run('translate', {
      text: 'Open your workspace.',
      target_language: 'French',
      source_language: 'English',
      formality: 'formal',
      glossary: { workspace: 'espace de travail' },
    });
    expect(result).toEqual({ translation: 'Ouvrez votre espace de travail.', target_language: 'French', source_language: 'English' });
    const system = systemOf(model.requests[0]);
    expect(model.requests[0].task).toBe('translate');
    for (const part of ['from English into French', '"workspace" → "espace de travail"', 'formal register']) expect(system).toContain(part);
  });
});
