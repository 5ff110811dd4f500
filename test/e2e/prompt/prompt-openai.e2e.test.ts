import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { StartedApp, startApp } from '../../support/started-app';
import { expectValidIntentAnalysis, promptClient } from './prompt-client';

const CHAT = '/v1/chat/completions';

const VALID_ANALYSIS = {
  core_intent: '技术',
  sub_category: '代码编写',
  domain: '软件开发',
  confidence: 0.93,
  disambiguation_note: '要求编写脚本，属于技术实现。',
  alternative_intent: '分析',
  key_requirements: ['合并CSV文件', '每个文件一个sheet'],
  expected_output: '一个可运行的Python脚本',
  constraints: ['不依赖pandas'],
  keywords: ['Python', 'CSV', 'Excel'],
};
const WRITTEN_PROMPT = '# 角色\n你是一位资深Python工程师。\n\n# 任务\n编写脚本合并CSV。\n\n# 输出格式\n完整代码。';

describe('Prompt optimization API over the OpenAI adapter (fake OpenAI server)', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;
  let api: ReturnType<typeof promptClient>;
  let key: string;

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: upstream.baseUrl,
      LLM_RETRY_BASE_MS: '0',
    });
    api = promptClient(app.promptUrl);
  });
  beforeEach(async () => {
    upstream.reset();
    key = await api.newKey('openai');
  });
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  it('When a request succeeds, Then exactly two upstream calls were made: a JSON intent analysis, then the prompt writing fed with it', async () => {
    upstream.enqueue({ reply: { content: JSON.stringify(VALID_ANALYSIS) } }, { reply: { content: WRITTEN_PROMPT } });
    const input = '帮我写一个Python脚本，把文件夹里的CSV合并成一个Excel';

    const response = await api.optimize(key, { input_text: input });

    expect(response.status).toBe(200);
    const calls = upstream.requestsTo(CHAT);
    expect(calls).toHaveLength(2);
    expect(calls[0].headers.authorization).toBe('Bearer test');
    expect(calls[0].body.response_format).toEqual({ type: 'json_object' });
    // The stage names are for the offline model: the vendor gets the instructions and nothing else.
    expect(JSON.stringify(calls.map((call) => call.body))).not.toMatch(/#task|intent-analysis|prompt-writing/);
    expect(calls[0].body.messages[0].content).toMatch(/^You analyse/);
    expect(calls[0].body.messages.at(-1)).toEqual({ role: 'user', content: input });
    expect(calls[1].body.response_format).toBeUndefined();
    expect(calls[1].body.messages[0].content).toContain('Simplified Chinese');
    expect(JSON.parse(calls[1].body.messages.at(-1).content)).toEqual({ input_text: input, intent_analysis: VALID_ANALYSIS });
    expect(response.body.data).toEqual({
      intent_analysis: VALID_ANALYSIS,
      optimized_prompt: WRITTEN_PROMPT,
      usage: { api_calls: 2, prompt_length: [...WRITTEN_PROMPT].length },
    });
  });

  it('When several requests succeed, Then each one costs exactly two upstream calls', async () => {
    for (let n = 0; n < 3; n += 1) {
      upstream.enqueue({ reply: { content: JSON.stringify(VALID_ANALYSIS) } }, { reply: { content: WRITTEN_PROMPT } });
    }

    for (let n = 1; n <= 3; n += 1) {
      expect((await api.optimize(key)).status).toBe(200);
      expect(upstream.requestsTo(CHAT)).toHaveLength(2 * n);
    }
  });

  it('When stage one answers with prose, a fence and off-schema fields, Then the analysis is repaired locally with no extra call', async () => {
    const sloppy = {
      coreIntent: 'Creative writing',
      sub_category: 'Slogans',
      confidence: '92%',
      alternative_intent: 'creative',
      key_requirements: '1. short\n2. memorable',
      expected_output: 'Three slogans',
      constraints: null,
    };
    const answer = `Sure! Here is the analysis:\n\`\`\`json\n${JSON.stringify(sloppy, null, 2).replace(/\n}$/, ',\n}')}\n\`\`\`\nLet me know if you need more.`;
    upstream.enqueue({ reply: { content: answer } }, { reply: { content: '```markdown\n# Role\nYou are a copywriter.\n```' } });

    const response = await api.optimize(key, { input_text: 'Give me three slogans for a bakery that opens at 5am.' });

    expect(response.status).toBe(200);
    expect(upstream.requestsTo(CHAT)).toHaveLength(2);
    const analysis = response.body.data!.intent_analysis;
    expectValidIntentAnalysis(analysis);
    expect(analysis).toMatchObject({
      core_intent: '创意',
      sub_category: 'Slogans',
      confidence: 0.92,
      key_requirements: ['short', 'memorable'],
      constraints: [],
      keywords: [],
      domain: 'general',
    });
    expect(analysis.alternative_intent).not.toBe('创意');
    expect(response.body.data!.optimized_prompt).toBe('# Role\nYou are a copywriter.');
    // Stage two is fed the repaired analysis, not the raw answer.
    expect(JSON.parse(upstream.requestsTo(CHAT)[1].body.messages.at(-1).content).intent_analysis.core_intent).toBe('创意');
  });

  it('When stage one cannot be repaired, Then 502 {code: 502, ...} with rate_limit, the raw answer is not returned, and no third call is made', async () => {
    upstream.enqueue({ reply: { content: 'I am sorry, I cannot classify this request. SECRET-RAW-ANSWER' } });

    const response = await api.optimize(key);

    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      code: 502,
      message: 'The model returned an intent analysis that could not be used',
      data: null,
      rate_limit: { remaining: 19, limit: 20, window_seconds: 60 },
    });
    expect(response.text).not.toContain('SECRET-RAW-ANSWER');
    expect(upstream.requestsTo(CHAT)).toHaveLength(1);
  });

  it('When the core intent is outside the four classes, Then 502 rather than an invalid analysis', async () => {
    upstream.enqueue({ reply: { content: JSON.stringify({ ...VALID_ANALYSIS, core_intent: 'shopping' }) } });

    const response = await api.optimize(key);

    expect(response.status).toBe(502);
    expect(upstream.requestsTo(CHAT)).toHaveLength(1);
  });

  it('When the upstream fails and is retried, Then the retry counts against the budget of two and the request fails with 502 after exactly two calls', async () => {
    upstream.enqueue({ status: 500 }, { reply: { content: JSON.stringify(VALID_ANALYSIS) } }, { reply: { content: WRITTEN_PROMPT } });

    const response = await api.optimize(key);

    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ code: 502, data: null });
    expect(response.text).not.toContain('fake upstream error');
    expect(upstream.requestsTo(CHAT)).toHaveLength(2);
  });

  it("When the upstream keeps failing, Then 502 without the vendor's message and at most two calls", async () => {
    upstream.enqueue({ status: 503 }, { status: 503 }, { status: 503 });

    const response = await api.optimize(key);

    expect(response.status).toBe(502);
    expect(response.text).not.toContain('fake upstream error');
    expect(upstream.requestsTo(CHAT)).toHaveLength(2);
  });
});

describe('Prompt optimization API: internal failure', () => {
  it('When the database is gone, Then 500 {code: 500, message, data: null} with no internals', async () => {
    const app = await startApp();
    try {
      const key = await promptClient(app.promptUrl).newKey('doomed');
      await app.services.app.close();

      const response = await promptClient(app.promptUrl).optimize(key);

      expect(response.status).toBe(500);
      expect(response.body).toEqual({ code: 500, message: 'Internal server error', data: null });
    } finally {
      await app.stop();
    }
  });
});
