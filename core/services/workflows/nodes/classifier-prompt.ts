import { ChatMessage } from '../../../domain/llm/chat-message';

export interface ClassifierClass {
  label: string;
  description?: string;
}

/** The structured prompt's task name: the offline model answers it by name. */
export const CLASSIFIER_TASK = 'workflow-classifier';

const INSTRUCTIONS = [
  'You sort a text into exactly one of the given classes.',
  'The user message is JSON: {"text": the text to classify, "classes": [{"label", "description"}]}.',
  'Answer with a JSON object only: {"label": "<one of the classes\' label, exactly as written>", "reason": "<one short sentence>"}.',
].join('\n');

/** `instructions` are the workflow author's, added to the system prompt. */
export function classifierMessages(classes: ReadonlyArray<ClassifierClass>, text: string, instructions: string): ChatMessage[] {
  const extra = instructions.trim();
  return [
    { role: 'system', content: extra === '' ? INSTRUCTIONS : `${INSTRUCTIONS}\n\n${extra}` },
    { role: 'user', content: JSON.stringify({ text, classes: classes.map(({ label, description }) => ({ label, description: description ?? '' })) }) },
  ];
}
