/**
 * Names of the pipeline's structured prompts, sent as the chat request's `task`: the offline
 * model recognises the prompt it must answer by it.
 */
export const INTENT_ANALYSIS_TASK = 'intent-analysis';
export const PROMPT_WRITING_TASK = 'prompt-writing';
