import { FieldIssue } from '../../shared/domain-error';
import { AgentPayload } from './agent.entity';
import { AGENT_LIMITS } from './agent-limits';
import { AgentPayloadInput } from './agent-payload';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type RunSettings = Pick<AgentPayload, 'maxLlmCalls' | 'maxTotalTokens' | 'knowledgeBaseIds' | 'selfReview'>;

/**
 * Checks the optional run settings of a payload: per-run budgets (null or absent: the configured
 * default), the knowledge bases searched before the first model call, and the self-review flag.
 * Whether the owner may read those bases is the use case's check (it needs storage).
 */
export function checkRunSettings(input: AgentPayloadInput, issues: FieldIssue[]): RunSettings {
  const settings: RunSettings = {
    knowledgeBaseIds: knowledgeBaseIds(input.knowledgeBaseIds, issues),
    selfReview: false,
  };
  const calls = boundedInteger(input.maxLlmCalls, 'max_llm_calls', AGENT_LIMITS.minLlmCalls, AGENT_LIMITS.maxLlmCalls, issues);
  if (calls !== undefined) settings.maxLlmCalls = calls;
  const tokens = boundedInteger(input.maxTotalTokens, 'max_total_tokens', AGENT_LIMITS.minTotalTokens, AGENT_LIMITS.maxTotalTokens, issues);
  if (tokens !== undefined) settings.maxTotalTokens = tokens;
  if (input.selfReview !== undefined && input.selfReview !== null) {
    if (typeof input.selfReview === 'boolean') settings.selfReview = input.selfReview;
    else issues.push({ field: 'self_review', message: 'must be a boolean' });
  }
  return settings;
}

function boundedInteger(value: unknown, field: string, min: number, max: number, issues: FieldIssue[]): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  issues.push({ field, message: `must be an integer from ${min} to ${max}` });
  return undefined;
}

/** Lower-cased UUIDs, no repeats. */
function knowledgeBaseIds(value: unknown, issues: FieldIssue[]): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > AGENT_LIMITS.knowledgeBases) {
    issues.push({ field: 'knowledge_base_ids', message: `must be an array of at most ${AGENT_LIMITS.knowledgeBases} knowledge base ids` });
    return [];
  }
  const ids: string[] = [];
  value.forEach((id, index) => {
    const field = `knowledge_base_ids[${index}]`;
    if (typeof id !== 'string' || !UUID.test(id)) issues.push({ field, message: 'must be a UUID' });
    else if (ids.includes(id.toLowerCase())) issues.push({ field, message: 'repeats an earlier id' });
    else ids.push(id.toLowerCase());
  });
  return ids;
}
