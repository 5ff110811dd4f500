export interface PromptOptimizeRequest {
  /**
   * A requirement description or a rough prompt: 10 to 8,000 characters.
   * @minLength 10
   * @example "帮我写一个Python脚本，把文件夹里的CSV合并成一个Excel"
   */
  input_text: string;
}

export type PromptIntent = '技术' | '创意' | '分析' | '咨询';

export interface PromptIntentAnalysis {
  core_intent: PromptIntent;
  sub_category: string;
  domain: string;
  /** 0 to 1; 0.85 or more counts as high confidence. */
  confidence: number;
  /** The basis of the decision. */
  disambiguation_note: string;
  /** The second-best intent class; never equal to `core_intent`. */
  alternative_intent: PromptIntent;
  key_requirements: string[];
  expected_output: string;
  constraints: string[];
  keywords: string[];
}

export interface PromptUsage {
  /** Model calls the request consumed: always 2. */
  api_calls: number;
  /** The optimized prompt's length in characters. */
  prompt_length: number;
}

export interface PromptOptimizeData {
  intent_analysis: PromptIntentAnalysis;
  /** The optimized prompt, Markdown. */
  optimized_prompt: string;
  usage: PromptUsage;
}

/** The key's rate-limit state after this request. */
export interface PromptRateLimit {
  /** Requests left in the current window. */
  remaining: number;
  limit: number;
  window_seconds: number;
}

export interface PromptOptimizeResponse {
  /** 200 on success. */
  code: number;
  /** `success` on success. */
  message: string;
  data: PromptOptimizeData;
  rate_limit: PromptRateLimit;
}

/** An error after the key was accepted: the body also carries the key's rate-limit state. */
export interface PromptLimitedErrorResponse {
  code: number;
  message: string;
  data: null;
  rate_limit: PromptRateLimit;
}
