import { Agent } from '../../../core/domain/agent/agent.entity';
import { AgentExport } from '../../../core/domain/agent/agent-export';
import { ListedAgent } from '../../../core/domain/agent/listed-agent';
import { AgentPage } from '../../../core/services/agents/agent-manager.service';
import { AgentExportResponse, AgentPageResponse, AgentResponse } from '../dto/agent.dto';
import { encodeAgentListCursor } from './agent-list-cursor.mapper';

export function toAgentResponse(agent: Agent): AgentResponse {
  return { ...agentFields(agent), workflow_config: agent.workflowConfig };
}

/**
 * A page as the JSON text of an `AgentPageResponse`. Each item's stored workflow graph is written
 * into it as it is, so a page never parses and re-serializes twenty graphs.
 */
export function agentPageJson(page: AgentPage): string {
  const items = page.items.map(listedAgentJson).join(',');
  const rest = JSON.stringify({
    total: page.total,
    page: page.page,
    page_size: page.pageSize,
    next_cursor: page.next ? encodeAgentListCursor(page.next) : null,
  } satisfies Omit<AgentPageResponse, 'items'>);
  return `{"items":[${items}],${rest.slice(1)}`;
}

/** One item of a page: the record `toAgentResponse` gives, with the stored graph written in as it is. */
function listedAgentJson(agent: ListedAgent): string {
  const fields = JSON.stringify(agentFields(agent));
  return `${fields.slice(0, -1)},"workflow_config":${agent.workflowConfigJson}}`;
}

/** Every field of the record but its workflow graph. */
function agentFields(agent: Omit<Agent, 'workflowConfig'>): Omit<AgentResponse, 'workflow_config'> {
  const { provider, modelName, temperature, modelConfigId } = agent.modelConfig;
  return {
    id: agent.id,
    owner_id: agent.ownerId,
    name: agent.name,
    description: agent.description,
    system_prompt: agent.systemPrompt,
    model_config: { provider, model_name: modelName, temperature, model_config_id: modelConfigId ?? null },
    iteration_limit: agent.iterationLimit,
    include_tools: [...agent.includeTools],
    max_llm_calls: agent.maxLlmCalls ?? null,
    max_total_tokens: agent.maxTotalTokens ?? null,
    knowledge_base_ids: [...(agent.knowledgeBaseIds ?? [])],
    self_review: agent.selfReview ?? false,
    status: agent.status,
    version: agent.version,
    is_main_agent: agent.isMainAgent,
    created_at: agent.createdAt.toISOString(),
    updated_at: agent.updatedAt.toISOString(),
  };
}

export function toAgentExportResponse(document: AgentExport): AgentExportResponse {
  const { payload } = document;
  return {
    format: document.format,
    schema_version: document.schemaVersion,
    exported_at: document.exportedAt.toISOString(),
    name: payload.name,
    description: payload.description,
    system_prompt: payload.systemPrompt,
    model_config: { provider: payload.modelConfig.provider, model_name: payload.modelConfig.modelName, temperature: payload.modelConfig.temperature },
    iteration_limit: payload.iterationLimit,
    include_tools: [...payload.includeTools],
    workflow_config: payload.workflowConfig,
    max_llm_calls: payload.maxLlmCalls ?? null,
    max_total_tokens: payload.maxTotalTokens ?? null,
    self_review: payload.selfReview ?? false,
  };
}

/** A file name for the export's Content-Disposition: the agent's name reduced to safe characters. */
export function exportFileName(document: AgentExport): string {
  const base = document.payload.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'agent'}.agent.json`;
}
