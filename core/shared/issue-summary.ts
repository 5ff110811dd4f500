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

/**
 * `arguments.city must be string; arguments must have required property 'days'`: issues whose
 * fields are paths inside a value (`''` for the value itself, `city`, `[0]`), named under `root`.
 */
export function describeIssuesUnder(root: string, issues: ReadonlyArray<FieldIssue>): string {
  const path = (field: string) => (field === '' ? root : field.startsWith('[') ? `${root}${field}` : `${root}.${field}`);
  return issues.map((issue) => `${path(issue.field)} ${issue.message}`).join('; ');
}
