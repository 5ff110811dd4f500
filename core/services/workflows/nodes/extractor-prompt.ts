import { ChatMessage } from '../../../domain/llm/chat-message';
import { JsonSchema } from '../../../shared/json';

/** The structured prompt's task name: the offline model answers it by name. */
export const EXTRACTOR_TASK = 'workflow-extractor';

const INSTRUCTIONS = [
  'You extract data from a text into one JSON object that matches a JSON Schema.',
  'The user message is JSON: {"text": the text to read, "schema": the JSON Schema of the object}.',
  'When it also holds "problems", your previous reply did not match the schema: answer again, corrected.',
  'Use only what the text says. Answer with the JSON object only.',
].join('\n');

/** `instructions` are the workflow author's, added to the system prompt. */
export function extractorMessages(schema: JsonSchema, text: string, instructions: string): ChatMessage[] {
  const extra = instructions.trim();
  return [
    { role: 'system', content: extra === '' ? INSTRUCTIONS : `${INSTRUCTIONS}\n\n${extra}` },
    { role: 'user', content: JSON.stringify({ text, schema }) },
  ];
}

/** The retry: the model sees its own reply, then the request again with what was wrong with it. */
export function extractorCorrection(previous: ChatMessage[], reply: string, schema: JsonSchema, text: string, problems: string): ChatMessage[] {
  return [...previous, { role: 'assistant', content: reply }, { role: 'user', content: JSON.stringify({ text, schema, problems }) }];
}
