import { FieldIssue } from '../../shared/domain-error';
import { isConditionOperator, operatorNeedsRight } from './workflow-condition';
import { WorkflowNodeType } from './workflow-graph';
import { MAX_TEMPLATE_CHARS } from './template-limits';

const MAX_ID_CHARS = 100;
/** Tool arguments nested deeper than this are refused (they are walked recursively). */
const MAX_ARGUMENT_DEPTH = 32;

type Config = Record<string, unknown>;

/**
 * The problems of one node's `config` that its JSON Schema cannot say as clearly (template caps, an
 * operator that needs `right`), named under `field` (e.g. `nodes[2].config`).
 */
export function nodeConfigIssues(type: WorkflowNodeType, config: Config, field: string): FieldIssue[] {
  const at = (key: string) => `${field}.${key}`;
  switch (type) {
    case 'start':
      return [];
    case 'end':
      return template(config.output, at('output'), 'optional');
    case 'template':
      return template(config.template, at('template'), 'non-empty');
    case 'llm':
      return [
        ...template(config.prompt, at('prompt'), 'non-empty'),
        ...template(config.system, at('system'), 'optional'),
        ...temperature(config.temperature, at('temperature')),
        ...identifier(config.model, at('model'), 'optional'),
      ];
    case 'agent':
      return [...identifier(config.agent_id, at('agent_id'), 'required'), ...template(config.input, at('input'), 'optional')];
    case 'tool':
      return [
        ...identifier(config.tool_id, at('tool_id'), 'required'),
        ...toolArguments(config.arguments, at('arguments')),
        ...flag(config.continue_on_error, at('continue_on_error')),
      ];
    case 'condition':
      return conditionIssues(config, at);
    default:
      // The other types are checked against their JSON Schema alone (WorkflowValidator).
      return [];
  }
}

function conditionIssues(config: Config, at: (key: string) => string): FieldIssue[] {
  const issues = template(config.left, at('left'), 'non-empty');
  if (!isConditionOperator(config.operator)) {
    issues.push({
      field: at('operator'),
      message: 'must be one of equals, not_equals, contains, not_contains, is_empty, not_empty, greater_than, less_than',
    });
  } else if (operatorNeedsRight(config.operator)) {
    issues.push(...template(config.right, at('right'), 'required'));
  } else {
    issues.push(...template(config.right, at('right'), 'optional'));
  }
  return issues;
}

type Presence = 'optional' | 'required' | 'non-empty';

function template(value: unknown, field: string, presence: Presence): FieldIssue[] {
  if (value === undefined && presence === 'optional') return [];
  if (typeof value !== 'string') return [{ field, message: 'must be a string template' }];
  if (presence === 'non-empty' && value.trim() === '') return [{ field, message: 'must not be empty' }];
  return templateLength(value, field);
}

function templateLength(value: string, field: string): FieldIssue[] {
  return value.length > MAX_TEMPLATE_CHARS ? [{ field, message: `must be at most ${MAX_TEMPLATE_CHARS} characters` }] : [];
}

function identifier(value: unknown, field: string, presence: Exclude<Presence, 'non-empty'>): FieldIssue[] {
  if (value === undefined && presence === 'optional') return [];
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_ID_CHARS) {
    return [{ field, message: `must be a non-empty string of at most ${MAX_ID_CHARS} characters` }];
  }
  return [];
}

function temperature(value: unknown, field: string): FieldIssue[] {
  if (value === undefined) return [];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 2) {
    return [{ field, message: 'must be a number from 0 to 2' }];
  }
  return [];
}

function flag(value: unknown, field: string): FieldIssue[] {
  return value === undefined || typeof value === 'boolean' ? [] : [{ field, message: 'must be a boolean' }];
}

function toolArguments(value: unknown, field: string): FieldIssue[] {
  if (value === undefined) return [];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [{ field, message: 'must be an object' }];
  return argumentLeaves(value, field, 1);
}

/** Every string leaf is a template and obeys the template cap. */
function argumentLeaves(value: unknown, field: string, depth: number): FieldIssue[] {
  if (typeof value === 'string') return templateLength(value, field);
  if (value === null || typeof value !== 'object') return [];
  if (depth > MAX_ARGUMENT_DEPTH) return [{ field, message: `must be nested at most ${MAX_ARGUMENT_DEPTH} levels deep` }];
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [`[${index}]`, item])
    : Object.entries(value).map(([key, item]) => [`.${key}`, item]);
  return entries.flatMap(([suffix, item]) => argumentLeaves(item, `${field}${suffix}`, depth + 1));
}
