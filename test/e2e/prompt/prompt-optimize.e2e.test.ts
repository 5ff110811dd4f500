import { StartedApp, startApp } from '../../support/started-app';
import { request } from '../../support/http-client';
import { expectValidIntentAnalysis, promptClient } from './prompt-client';

describe('Prompt optimization API: POST /api/v1/prompt/optimize (offline model)', () => {
  let app: StartedApp;
  let api: ReturnType<typeof promptClient>;

  beforeAll(async () => {
    app = await startApp();
    api = promptClient(app.promptUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe('200', () => {
    it('When a Chinese requirement is sent with a valid key, Then the envelope holds a schema-valid analysis, a Chinese Markdown prompt, usage and rate_limit', async () => {
      const key = await api.newKey();
      const input = '帮我写一个Python脚本，把一个文件夹里的所有CSV文件合并成一个Excel文件，每个CSV占一个sheet，不要依赖pandas。';
      const response = await api.optimize(key, { input_text: input });

      expect(response.status).toBe(200);
      expect(response.body.code).toBe(200);
      expect(response.body.message).toBe('success');
      const data = response.body.data!;
      expectValidIntentAnalysis(data.intent_analysis);
      expect(data.intent_analysis.core_intent).toBe('技术');
      expect(data.intent_analysis.constraints).toContain('不要依赖pandas');
      expect(data.optimized_prompt).toMatch(/^# 角色$/m);
      expect(data.optimized_prompt).toMatch(/^# 约束$/m);
      expect(data.optimized_prompt).toMatch(/^# 输出格式$/m);
      expect(data.optimized_prompt).toContain('不要依赖pandas');
      expect(data.optimized_prompt).toContain('离线模型');
      expect(data.usage).toEqual({ api_calls: 2, prompt_length: [...data.optimized_prompt].length });
      expect(response.body.rate_limit).toEqual({ remaining: 19, limit: 20, window_seconds: 60 });
    });

    it('When an English request for advice is sent, Then the analysis says 咨询 and the prompt is written in English', async () => {
      const key = await api.newKey();
      const response = await api.optimize(key, { input_text: 'Should I take a job offer abroad if my partner cannot move with me for a year?' });

      expect(response.status).toBe(200);
      const data = response.body.data!;
      expectValidIntentAnalysis(data.intent_analysis);
      expect(data.intent_analysis.core_intent).toBe('咨询');
      expect(data.optimized_prompt).toMatch(/^# Role$/m);
      expect(data.optimized_prompt).toMatch(/^# Output format$/m);
      expect(data.optimized_prompt).not.toMatch(/[\u4e00-\u9fff]{4}/);
    });

    it('When the same input is sent twice, Then the offline answer is the same (deterministic)', async () => {
      const key = await api.newKey();
      const body = { input_text: 'Compare the churn of our monthly and annual plans over the last year and explain the gap.' };
      const first = await api.optimize(key, body);
      const second = await api.optimize(key, body);

      expect(first.body.data).toEqual(second.body.data);
      expect(first.body.data?.intent_analysis.core_intent).toBe('分析');
    });

    it("When a request succeeds, Then X-RateLimit headers announce the key's state and there is no Retry-After", async () => {
      const key = await api.newKey();
      const response = await api.optimize(key);

      expect(response.headers.get('x-ratelimit-limit')).toBe('20');
      expect(response.headers.get('x-ratelimit-remaining')).toBe('19');
      const reset = Number(response.headers.get('x-ratelimit-reset'));
      const nowSeconds = Date.now() / 1000;
      expect(reset).toBeGreaterThan(nowSeconds);
      expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds) + 61);
      expect(response.headers.get('retry-after')).toBeNull();
    });
  });

  describe('400', () => {
    let key: string;
    beforeAll(async () => {
      key = await api.newKey('validation');
    });

    it.each([
      ['input_text missing', {}],
      ['input_text not a string', { input_text: 12345678901 }],
      ['input_text shorter than 10 characters', { input_text: '太短了的输入' }],
      ['input_text of 10 blanks', { input_text: '          ' }],
      ['input_text longer than 8,000 characters', { input_text: '长'.repeat(8001) }],
      ['a JSON array instead of an object', [{ input_text: 'Write a Python function that merges lists.' }]],
    ])('When the body has %s, Then 400 {code: 400, message, data: null}', async (_case, body) => {
      const response = await api.optimize(key, body);

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 400, data: null });
      expect(typeof response.body.message).toBe('string');
      expect(response.body.message).toMatch(/input_text|body|request/i);
    });

    it('When input_text has exactly 10 characters (emoji count as one) or exactly 8,000, Then it is accepted', async () => {
      expect((await api.optimize(key, { input_text: '😀😀😀😀😀分析一下数据' })).status).toBe(200);
      expect((await api.optimize(key, { input_text: 'a'.repeat(7990) + ' analyse!!' })).status).toBe(200);
    });

    it('When the body is not valid JSON, Then 400 in the contract error shape', async () => {
      const response = await request('POST', `${app.promptUrl}/api/v1/prompt/optimize`, {
        body: '{"input_text": "unterminated',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
      });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 400, message: expect.stringMatching(/JSON/), data: null });
    });

    it('When the body is sent as text/plain, Then 400 (the body must be JSON)', async () => {
      const response = await request('POST', `${app.promptUrl}/api/v1/prompt/optimize`, {
        body: 'input_text=hello world, please',
        headers: { 'content-type': 'text/plain', 'x-api-key': key },
      });

      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 400, data: null });
    });

    it('When a valid key sends a bad body, Then the request still counts and the 400 body carries rate_limit', async () => {
      const fresh = await api.newKey('counts');
      const response = await api.optimize(fresh, { input_text: 'short' });

      expect(response.status).toBe(400);
      expect(response.body.rate_limit).toEqual({ remaining: 19, limit: 20, window_seconds: 60 });
      expect(response.headers.get('x-ratelimit-remaining')).toBe('19');
    });
  });

  describe('401 and 403', () => {
    it('When X-API-Key is missing, Then 401 {code: 401, message, data: null} without rate-limit state', async () => {
      const response = await api.optimize(undefined);

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: 401, message: expect.stringMatching(/X-API-Key/), data: null });
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    });

    it('When X-API-Key is blank, Then 401', async () => {
      expect((await api.optimize('   ')).status).toBe(401);
    });

    it.each([
      ['malformed', 'not-a-key'],
      ['well-formed but never issued', `pk_${'0'.repeat(32)}_${'A'.repeat(43)}`],
    ])('When X-API-Key is %s, Then 403 {code: 403, message, data: null}', async (_case, presented) => {
      const response = await api.optimize(presented);

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 403, message: 'API key is not valid', data: null });
    });

    it('When an issued key id is sent with a wrong secret, Then 403 like any unknown key', async () => {
      const key = await api.newKey();
      const forged = key.slice(0, key.lastIndexOf('_') + 1) + 'B'.repeat(43);

      const response = await api.optimize(forged);

      expect(response.status).toBe(403);
      expect(response.body).toEqual({ code: 403, message: 'API key is not valid', data: null });
    });

    it('When the key is sent in another header or the query string, Then it is not accepted (401)', async () => {
      const key = await api.newKey();
      const viaQuery = await request('POST', `${app.promptUrl}/api/v1/prompt/optimize?api_key=${key}`, {
        body: { input_text: 'Write a haiku about a rainy Monday.' },
      });
      const viaBearer = await api.optimize(undefined, undefined, { authorization: `Bearer ${key}` });

      expect(viaQuery.status).toBe(401);
      expect(viaBearer.status).toBe(401);
    });

    it('When the route is requested in another letter case, Then authentication still applies', async () => {
      const response = await request('POST', `${app.promptUrl}/API/V1/PROMPT/OPTIMIZE`, { body: { input_text: 'Write a haiku about a rainy Monday.' } });

      expect(response.status).toBe(401);
    });
  });
});
