import { ChatMessage } from '../../../domain/llm/chat-message';

export interface ClassifierClass {
  label: string;
  description?: string;
}

export const CLASSIFIER_TASK = 'workflow-classifier';

export function classifierMessages(classes: ReadonlyArray<ClassifierClass>, input: string, instructions: string): ChatMessage[] {
  const list = classes.map((item) => `- ${item.label}${item.description ? `: ${item.description}` : ''}`).join('\n');
  const system = [
    'You sort a text into exactly one of these classes:',
    list,
    ...(instructions.trim() === '' ? [] : ['', instructions.trim()]),
    '',
    'Reply with only a JSON object: {"label": "<one of the class labels, exactly as written>", "reason": "<one short sentence>"}.',
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: input },
  ];
}
