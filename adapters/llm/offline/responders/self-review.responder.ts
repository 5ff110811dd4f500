import { JsonObject } from '../../../../core/shared/json';
import { wordCount } from '../offline-text';
import { inputText, OfflineResponder, StructuredPrompt } from './offline-responder';

const MIN_WORDS = 5;
const FAILURE_WORDS = /\b(?:error|exception|failed|failure|traceback|undefined is not)\b|错误|失败|异常/i;

/**
 * Task `self-review`. Input: the output to review, as text or JSON with `output`/`result`.
 * Output: `{ passed, score (0..1), issues: string[], suggestions: string[], summary }`.
 * An empty or very short output, or one that reports an error, does not pass.
 */
export const selfReviewResponder: OfflineResponder = {
  task: 'self-review',
  respond(prompt: StructuredPrompt): JsonObject {
    const output = inputText(prompt, ['output', 'result', 'answer', 'content']).trim();
    const issues = findIssues(output);
    const passed = issues.length === 0;
    const suggestions = passed ? [] : ['Address the issues above and run the step again.'];
    const summary = passed ? '[offline model] The output is non-empty and reports no error.' : `[offline model] The output has ${issues.length} issue(s).`;
    return { passed, score: passed ? 0.8 : 0.3, issues, suggestions, summary };
  },
};

function findIssues(output: string): string[] {
  if (!output) return ['The output is empty.'];
  const issues: string[] = [];
  if (wordCount(output) < MIN_WORDS) issues.push(`The output is very short (fewer than ${MIN_WORDS} words).`);
  if (FAILURE_WORDS.test(output)) issues.push('The output reports an error or a failure.');
  return issues;
}
