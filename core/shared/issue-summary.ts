import { FieldIssue } from './domain-error';

/**
 * `Invalid notification: to must be one e-mail address; message must be 1 to 16000 characters`:
 * the issues in one line, for callers that see only a message (plugins, logs). At most `max` are named.
 */
export function summarizeIssues(subject: string, issues: ReadonlyArray<FieldIssue>, max = 5): string {
  const named = issues.slice(0, max).map((issue) => `${issue.field} ${issue.message}`);
  const more = issues.length > max ? `; and ${issues.length - max} more` : '';
  return `${subject}: ${named.join('; ')}${more}`;
}
