import { ChatMessage } from '../../domain/llm/chat-message';

/** Characters of the question and of the answer quoted to the reviewer. */
const QUOTED_CHARS = 8_000;

const INSTRUCTIONS =
  'You review the answer an assistant gave to a question. Judge whether it answers the question ' +
  'correctly, completely and without inventing facts. Reply with only a JSON object: ' +
  '{"passed": true or false, "reason": "one sentence"}.';

/** The self-review request (behaviour rule 5): the question and the answer as JSON, to be judged. */
export function selfReviewMessages(question: string, answer: string): ChatMessage[] {
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: JSON.stringify({ question: question.slice(0, QUOTED_CHARS), answer: answer.slice(0, QUOTED_CHARS) }) },
  ];
}
