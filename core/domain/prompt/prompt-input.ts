import { FieldIssue } from '../../shared/domain-error';

export const MIN_INPUT_CHARACTERS = 10;
export const MAX_INPUT_CHARACTERS = 8000;

/** Characters as people count them: code points, so an emoji or a rare Han character is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** `input_text` must hold 10 to 8,000 characters, not counting surrounding blanks for the minimum. */
export function inputTextIssues(text: string): FieldIssue[] {
  if (characterCount(text.trim()) < MIN_INPUT_CHARACTERS) {
    return [{ field: 'input_text', message: `must be at least ${MIN_INPUT_CHARACTERS} characters` }];
  }
  if (characterCount(text) > MAX_INPUT_CHARACTERS) {
    return [{ field: 'input_text', message: `must be at most ${MAX_INPUT_CHARACTERS} characters` }];
  }
  return [];
}
