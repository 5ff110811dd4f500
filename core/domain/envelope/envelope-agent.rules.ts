import { ValidationError } from '../../shared/common.errors';
import { FieldIssue } from '../../shared/domain-error';
import { ENVELOPE_PROVIDERS, EnvelopeAgentPayload, EnvelopeModelConfig, EnvelopeProvider } from './envelope-agent.entity';

export const ENVELOPE_AGENT_LIMITS = {
  nameChars: 100,
  descriptionChars: 2000,
  /** 4 bytes a character at most: fits a 64 KiB TEXT column on MySQL. */
  promptTemplateChars: 10_000,
  modelNameChars: 100,
  maxTemperature: 2,
  maxTokens: 32_768,
} as const;

/** envelope-api.md's defaults. */
export const ENVELOPE_MODEL_DEFAULTS = { temperature: 0.7, maxTokens: 2048 } as const;

/** An agent payload as a client sent it: any field may be missing or of the wrong type. */
export interface EnvelopeAgentInput {
  name?: unknown;
  description?: unknown;
  promptTemplate?: unknown;
  modelConfig?: EnvelopeModelConfigInput;
}

export interface EnvelopeModelConfigInput {
  provider?: unknown;
  modelName?: unknown;
  temperature?: unknown;
  maxTokens?: unknown;
}

/** A new agent's payload: name, prompt_template and model_config (provider, model_name) are required. */
export function newEnvelopeAgentPayload(input: EnvelopeAgentInput): EnvelopeAgentPayload {
  const issues: FieldIssue[] = [];
  const name = text(input.name, 'name', 1, ENVELOPE_AGENT_LIMITS.nameChars, issues, true);
  const description = text(input.description ?? '', 'description', 0, ENVELOPE_AGENT_LIMITS.descriptionChars, issues, false);
  const promptTemplate = text(input.promptTemplate, 'prompt_template', 1, ENVELOPE_AGENT_LIMITS.promptTemplateChars, issues, false);
  const modelConfig = input.modelConfig === undefined ? missing('model_config', issues) : modelConfigOf(input.modelConfig, undefined, issues);
  if (issues.length > 0) throw new ValidationError(firstMessage(issues), issues);
  return { name: name!, description: description!, promptTemplate: promptTemplate!, modelConfig: modelConfig! };
}

/**
 * `current` with the fields `input` gives written over it; `model_config` merges field by field,
 * so `{model_config: {temperature: 0.2}}` keeps the provider and model.
 */
export function updatedEnvelopeAgentPayload(current: EnvelopeAgentPayload, input: EnvelopeAgentInput): EnvelopeAgentPayload {
  const issues: FieldIssue[] = [];
  const L = ENVELOPE_AGENT_LIMITS;
  const name = input.name === undefined ? current.name : text(input.name, 'name', 1, L.nameChars, issues, true);
  const description = input.description === undefined ? current.description : text(input.description, 'description', 0, L.descriptionChars, issues, false);
  const promptTemplate =
    input.promptTemplate === undefined ? current.promptTemplate : text(input.promptTemplate, 'prompt_template', 1, L.promptTemplateChars, issues, false);
  const modelConfig = input.modelConfig === undefined ? current.modelConfig : modelConfigOf(input.modelConfig, current.modelConfig, issues);
  if (issues.length > 0) throw new ValidationError(firstMessage(issues), issues);
  return { name: name!, description: description!, promptTemplate: promptTemplate!, modelConfig: modelConfig! };
}

function modelConfigOf(input: EnvelopeModelConfigInput, current: EnvelopeModelConfig | undefined, issues: FieldIssue[]): EnvelopeModelConfig | undefined {
  const before = issues.length;
  const provider = input.provider === undefined && current ? current.provider : providerOf(input.provider, issues);
  const modelName =
    input.modelName === undefined && current
      ? current.modelName
      : text(input.modelName, 'model_config.model_name', 1, ENVELOPE_AGENT_LIMITS.modelNameChars, issues, true);
  const temperature = numberIn(
    input.temperature,
    current?.temperature ?? ENVELOPE_MODEL_DEFAULTS.temperature,
    'model_config.temperature',
    0,
    ENVELOPE_AGENT_LIMITS.maxTemperature,
    false,
    issues,
  );
  const maxTokens = numberIn(
    input.maxTokens,
    current?.maxTokens ?? ENVELOPE_MODEL_DEFAULTS.maxTokens,
    'model_config.max_tokens',
    1,
    ENVELOPE_AGENT_LIMITS.maxTokens,
    true,
    issues,
  );
  if (issues.length > before) return undefined;
  return { provider: provider!, modelName: modelName!, temperature, maxTokens };
}

function providerOf(value: unknown, issues: FieldIssue[]): EnvelopeProvider | undefined {
  if (typeof value === 'string' && (ENVELOPE_PROVIDERS as ReadonlyArray<string>).includes(value)) return value as EnvelopeProvider;
  issues.push({ field: 'model_config.provider', message: `must be one of ${ENVELOPE_PROVIDERS.join(', ')}` });
  return undefined;
}

/** A string of `min`..`max` characters (code points), trimmed first when `trim`. */
function text(value: unknown, field: string, min: number, max: number, issues: FieldIssue[], trim: boolean): string | undefined {
  if (typeof value !== 'string') {
    issues.push({ field, message: value === undefined ? 'is required' : 'must be a string' });
    return undefined;
  }
  const result = trim ? value.trim() : value;
  const length = result.length > 2 * max ? result.length : [...result].length;
  if (length < min || length > max) {
    issues.push({ field, message: min > 0 ? `must be ${min} to ${max} characters` : `must be at most ${max} characters` });
    return undefined;
  }
  return result;
}

function numberIn(value: unknown, fallback: number, field: string, min: number, max: number, integer: boolean, issues: FieldIssue[]): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    issues.push({ field, message: `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}` });
    return fallback;
  }
  return value;
}

function missing(field: string, issues: FieldIssue[]): undefined {
  issues.push({ field, message: 'is required' });
  return undefined;
}

function firstMessage(issues: FieldIssue[]): string {
  return `${issues[0].field}: ${issues[0].message}`;
}
