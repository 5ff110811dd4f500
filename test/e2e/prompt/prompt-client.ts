import { HttpResult, request } from '../../support/http-client';

export interface RateLimitBody {
  remaining: number;
  limit: number;
  window_seconds: number;
}

export interface IntentAnalysisBody {
  core_intent: string;
  sub_category: string;
  domain: string;
  confidence: number;
  disambiguation_note: string;
  alternative_intent: string;
  key_requirements: string[];
  expected_output: string;
  constraints: string[];
  keywords: string[];
}

export interface OptimizeBody {
  code: number;
  message: string;
  data: { intent_analysis: IntentAnalysisBody; optimized_prompt: string; usage: { api_calls: number; prompt_length: number } } | null;
  rate_limit?: RateLimitBody;
}

export interface KeyBody {
  code: number;
  message: string;
  data: { name: string; api_key: string } | null;
}

export const INTENTS = ['技术', '创意', '分析', '咨询'];

/** The prompt contract over HTTP, for e2e tests. */
export function promptClient(baseUrl: string) {
  return {
    issueKey: (name: unknown = 'e2e key'): Promise<HttpResult<KeyBody>> => request<KeyBody>('POST', `${baseUrl}/api/v1/prompt/keys`, { body: { name } }),

    async newKey(name = 'e2e key'): Promise<string> {
      const issued = await this.issueKey(name);
      if (issued.status !== 201 || !issued.body.data) throw new Error(`key issuance failed: ${issued.status} ${issued.text}`);
      return issued.body.data.api_key;
    },

    optimize: (
      apiKey: string | undefined,
      body: unknown = { input_text: 'Write a Python function that merges two sorted lists.' },
      headers: Record<string, string> = {},
    ) =>
      request<OptimizeBody>('POST', `${baseUrl}/api/v1/prompt/optimize`, {
        body,
        headers: { ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }), ...headers },
      }),
  };
}

/** Asserts the schema of prompt-api.md's intent_analysis. */
export function expectValidIntentAnalysis(analysis: IntentAnalysisBody): void {
  expect(INTENTS).toContain(analysis.core_intent);
  expect(INTENTS).toContain(analysis.alternative_intent);
  expect(analysis.alternative_intent).not.toBe(analysis.core_intent);
  expect(analysis.confidence).toBeGreaterThanOrEqual(0);
  expect(analysis.confidence).toBeLessThanOrEqual(1);
  for (const field of ['sub_category', 'domain', 'disambiguation_note', 'expected_output'] as const) {
    expect(typeof analysis[field]).toBe('string');
    expect(analysis[field].length).toBeGreaterThan(0);
  }
  for (const field of ['key_requirements', 'constraints', 'keywords'] as const) {
    expect(Array.isArray(analysis[field])).toBe(true);
    for (const item of analysis[field]) expect(typeof item).toBe('string');
  }
}
