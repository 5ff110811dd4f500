import { ChatMessage } from '../../../domain/llm/chat-message';
import { JsonSchema } from '../../../shared/json';

export const EXTRACTOR_TASK = 'workflow-extractor';

export function extractorMessages(schema: JsonSchema, input: string, instructions: string): ChatMessage[] {
  const system = [
    'You extract data from a text into one JSON object that matches this JSON Schema:',
    JSON.stringify(schema),
    ...(instructions.trim() === '' ? [] : ['', instructions.trim()]),
    '',
    'Use only what the text says. Reply with only the JSON object.',
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: input },
  ];
}

/** The retry: the model sees its own reply and what was wrong with it. */
export function extractorCorrection(previous: ChatMessage[], reply: string, problems: string): ChatMessage[] {
  return [
    ...previous,
    { role: 'assistant', content: reply },
    { role: 'user', content: `That reply does not match the schema: ${problems}. Reply with only the corrected JSON object.` },
  ];
}
