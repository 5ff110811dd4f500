import { AgentPayloadInput } from '../../../core/domain/agent/agent-payload';
import { AgentImportInput } from '../../../core/services/agents/agent-copier.service';
import { AgentImportRequest, AgentPayloadRequest } from '../dto/agent.dto';

/** Only the payload fields: whatever else a body holds (ids, owner, status, version…) never reaches the core. */
export function toAgentPayloadInput(body: AgentPayloadRequest): AgentPayloadInput {
  const model = body.model_config;
  return {
    name: body.name,
    description: body.description,
    systemPrompt: body.system_prompt,
    modelConfig: model && { provider: model.provider, modelName: model.model_name, temperature: model.temperature, modelConfigId: model.model_config_id },
    iterationLimit: body.iteration_limit,
    includeTools: body.include_tools,
    workflowConfig: body.workflow_config,
    maxLlmCalls: body.max_llm_calls,
    maxTotalTokens: body.max_total_tokens,
    knowledgeBaseIds: body.knowledge_base_ids,
    selfReview: body.self_review,
  };
}

export function toAgentImportInput(body: AgentImportRequest): AgentImportInput {
  return { format: body.format, schemaVersion: body.schema_version, payload: toAgentPayloadInput(body) };
}
