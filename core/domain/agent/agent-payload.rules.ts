import { FieldIssue } from '../../shared/domain-error';
import { JsonObject } from '../../shared/json';
import { AgentDefaults } from './agent-defaults';
import { AgentModelConfig, AgentPayload } from './agent.entity';
import { AGENT_LIMITS } from './agent-limits';
import { AgentPayloadInput } from './agent-payload';
import { checkRunSettings } from './agent-run-settings.rules';
import { workflowConfigIssues } from './agent-workflow-config.rules';
import { isValidIterationLimit, MAX_ITERATION_LIMIT, MIN_ITERATION_LIMIT } from './iteration-limit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type CheckedAgentPayload = { ok: true; value: AgentPayload } | { ok: false; issues: FieldIssue[] };

/**
 * Checks a whole payload (create, PUT, import) and applies the defaults of decisions.md to the
 * fields left out. Every problem is reported at once, named by its wire field.
 */
export function checkAgentPayload(input: AgentPayloadInput, defaults: AgentDefaults): CheckedAgentPayload {
  const issues: FieldIssue[] = [];
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length === 0 || name.length > AGENT_LIMITS.nameChars) {
    issues.push({ field: 'name', message: `must be 1 to ${AGENT_LIMITS.nameChars} characters` });
  }
  const description = boundedText(input.description, 'description', AGENT_LIMITS.descriptionChars, issues);
  const systemPrompt = boundedText(input.systemPrompt, 'system_prompt', AGENT_LIMITS.systemPromptChars, issues);
  const modelConfig = input.modelConfig == null ? { ...defaults.modelConfig } : checkModelConfig(input.modelConfig, defaults, issues);
  const iterationLimit = input.iterationLimit ?? defaults.iterationLimit;
  if (typeof iterationLimit !== 'number' || !isValidIterationLimit(iterationLimit)) {
    issues.push({ field: 'iteration_limit', message: `must be an integer from ${MIN_ITERATION_LIMIT} to ${MAX_ITERATION_LIMIT}` });
  }
  const includeTools = input.includeTools ?? defaults.includeTools;
  issues.push(...includeToolsIssues(includeTools));
  const workflowConfig = input.workflowConfig ?? defaults.workflowConfig;
  issues.push(...workflowConfigIssues(workflowConfig));
  const runSettings = checkRunSettings(input, issues);
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      name,
      description,
      systemPrompt,
      modelConfig,
      iterationLimit: iterationLimit as number,
      includeTools: [...(includeTools as string[])],
      workflowConfig: workflowConfig as JsonObject,
      ...runSettings,
    },
  };
}

function boundedText(value: unknown, field: string, max: number, issues: FieldIssue[]): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > max) {
    issues.push({ field, message: `must be a string of at most ${max} characters` });
    return '';
  }
  return value;
}

/** `provider` and `model_name` are required in a given `model_config`; `temperature` defaults to 0.7. */
function checkModelConfig(input: NonNullable<AgentPayloadInput['modelConfig']>, defaults: AgentDefaults, issues: FieldIssue[]): AgentModelConfig {
  const provider = requiredText(input.provider, 'model_config.provider', AGENT_LIMITS.providerChars, issues);
  const modelName = requiredText(input.modelName, 'model_config.model_name', AGENT_LIMITS.modelNameChars, issues);
  const temperature = input.temperature ?? defaults.modelConfig.temperature;
  if (
    typeof temperature !== 'number' ||
    !Number.isFinite(temperature) ||
    temperature < AGENT_LIMITS.minTemperature ||
    temperature > AGENT_LIMITS.maxTemperature
  ) {
    issues.push({ field: 'model_config.temperature', message: `must be a number from ${AGENT_LIMITS.minTemperature} to ${AGENT_LIMITS.maxTemperature}` });
  }
  const config: AgentModelConfig = { provider, modelName, temperature: temperature as number };
  if (input.modelConfigId !== undefined && input.modelConfigId !== null) {
    if (typeof input.modelConfigId === 'string' && UUID.test(input.modelConfigId)) config.modelConfigId = input.modelConfigId.toLowerCase();
    else issues.push({ field: 'model_config.model_config_id', message: 'must be a UUID' });
  }
  return config;
}

function requiredText(value: unknown, field: string, max: number, issues: FieldIssue[]): string {
  if (typeof value === 'string' && value.trim() !== '' && value.length <= max) return value.trim();
  issues.push({ field, message: value === undefined ? 'is required' : `must be 1 to ${max} characters` });
  return '';
}

function includeToolsIssues(value: unknown): FieldIssue[] {
  if (!Array.isArray(value) || value.length > AGENT_LIMITS.includeTools) {
    return [{ field: 'include_tools', message: `must be an array of at most ${AGENT_LIMITS.includeTools} tool ids` }];
  }
  const issues: FieldIssue[] = [];
  const seen = new Map<string, number>();
  value.forEach((id, index) => {
    const field = `include_tools[${index}]`;
    if (typeof id !== 'string' || id.trim() === '' || id.length > AGENT_LIMITS.toolIdChars) {
      issues.push({ field, message: `must be a tool id of 1 to ${AGENT_LIMITS.toolIdChars} characters` });
    } else if (seen.has(id)) {
      issues.push({ field, message: `duplicates include_tools[${seen.get(id)}]` });
    } else {
      seen.set(id, index);
    }
  });
  return issues;
}
