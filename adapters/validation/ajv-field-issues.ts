import { ErrorObject } from 'ajv';
import { FieldIssue } from '../../core/shared/domain-error';

/** Ajv's errors as issues under `root`, without repeats. */
export function issuesOf(errors: ErrorObject[] | null | undefined, root: string): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const error of errors ?? []) {
    const issue = issueOf(error, root);
    const key = `${issue.field}\u0000${issue.message}`;
    if (!seen.has(key)) issues.push(issue);
    seen.add(key);
  }
  return issues;
}

/** A field the schema does not allow is named itself, rather than its object. */
function issueOf(error: ErrorObject, root: string): FieldIssue {
  const unknown = error.keyword === 'additionalProperties' ? (error.params as { additionalProperty?: unknown }).additionalProperty : undefined;
  if (typeof unknown === 'string')
    return { field: fieldAt(root, `${error.instancePath}/${unknown.replace(/~/g, '~0').replace(/\//g, '~1')}`), message: 'is not an allowed field' };
  return { field: fieldAt(root, error.instancePath), message: error.message ?? 'is invalid' };
}

/** `/properties/city/0` under `input_schema` → `input_schema.properties.city[0]`. */
export function fieldAt(root: string, pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), root);
}
