import { FieldIssue } from '../../shared/domain-error';
import { JsonObject } from '../../shared/json';

export const MAX_NODE_TEMPLATE_NAME_CHARS = 100;
export const MAX_NODE_TEMPLATE_DESCRIPTION_CHARS = 2_000;
/** A config's JSON in UTF-8 bytes: room for long prompts, and well within the column. */
export const MAX_NODE_TEMPLATE_CONFIG_BYTES = 65_536;

const encoder = new TextEncoder();

/** The problems of a template's own fields; its config against its node type is the NodeConfigChecker's. */
export function nodeTemplateFieldIssues(fields: { name: unknown; description: unknown; config: JsonObject }): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const { name, description } = fields;
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_NODE_TEMPLATE_NAME_CHARS) {
    issues.push({ field: 'name', message: `must be 1 to ${MAX_NODE_TEMPLATE_NAME_CHARS} characters, not only spaces` });
  }
  if (typeof description !== 'string' || description.length > MAX_NODE_TEMPLATE_DESCRIPTION_CHARS) {
    issues.push({ field: 'description', message: `must be at most ${MAX_NODE_TEMPLATE_DESCRIPTION_CHARS} characters` });
  }
  if (encoder.encode(JSON.stringify(fields.config)).length > MAX_NODE_TEMPLATE_CONFIG_BYTES) {
    issues.push({ field: 'config', message: `must be at most ${MAX_NODE_TEMPLATE_CONFIG_BYTES} bytes of JSON` });
  }
  return issues;
}
