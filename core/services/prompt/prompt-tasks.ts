/**
 * Names of the pipeline's structured prompts. Each stage's system message starts with the
 * line `#task: <name>`, which lets the offline model recognise the prompt it must answer.
 */
export const INTENT_ANALYSIS_TASK = 'intent-analysis';
export const PROMPT_WRITING_TASK = 'prompt-writing';

export function taskMarker(task: string): string {
  return `#task: ${task}`;
}
