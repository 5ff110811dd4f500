import { Agent, AgentModelConfig, AgentPayload, AgentStatus } from '../../../../core/domain/agent/agent.entity';
import { runSettingsOf } from '../../../../core/domain/agent/agent-payload';
import { ListedAgent } from '../../../../core/domain/agent/listed-agent';
import { JsonObject } from '../../../../core/shared/json';
import { AgentOrmEntity } from '../entities/agent.orm-entity';
import { AgentPayloadColumns } from '../entities/agent-payload-columns';

export function toPayloadColumns(payload: AgentPayload): AgentPayloadColumns {
  return {
    name: payload.name,
    description: payload.description,
    systemPrompt: payload.systemPrompt,
    modelConfig: JSON.stringify(payload.modelConfig),
    iterationLimit: payload.iterationLimit,
    includeTools: JSON.stringify(payload.includeTools),
    workflowConfig: JSON.stringify(payload.workflowConfig),
    runSettings: runSettingsColumn(payload),
  };
}

function runSettingsColumn(payload: AgentPayload): string {
  const settings = runSettingsOf(payload);
  return Object.keys(settings).length > 0 ? JSON.stringify(settings) : '';
}

export function toPayload(row: AgentPayloadColumns): AgentPayload {
  return { ...payloadWithoutGraph(row), workflowConfig: JSON.parse(row.workflowConfig) as JsonObject };
}

/** Every payload field but the workflow graph, which a list passes on as the stored text. */
function payloadWithoutGraph(row: AgentPayloadColumns): Omit<AgentPayload, 'workflowConfig'> {
  return {
    name: row.name,
    description: row.description,
    systemPrompt: row.systemPrompt,
    modelConfig: JSON.parse(row.modelConfig) as AgentModelConfig,
    iterationLimit: row.iterationLimit,
    includeTools: JSON.parse(row.includeTools) as string[],
    ...(row.runSettings ? runSettingsOf(JSON.parse(row.runSettings) as AgentPayload) : {}),
  };
}

/** The agent's row: its model configuration id lives in a column of its own, not in the `model_config` JSON. */
export function toAgentRow(agent: Agent): AgentOrmEntity {
  const { modelConfigId, ...modelConfig } = agent.modelConfig;
  return {
    id: agent.id,
    ownerId: agent.ownerId,
    ...toPayloadColumns({ ...agent, modelConfig }),
    modelConfigId: modelConfigId ?? '',
    status: agent.status,
    version: agent.version,
    isMainAgent: agent.isMainAgent,
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt,
  };
}

export function toAgent(row: AgentOrmEntity): Agent {
  const { workflowConfigJson, ...agent } = toListedAgent(row);
  return { ...agent, workflowConfig: JSON.parse(workflowConfigJson) as JsonObject };
}

/** The agent as a list gives it: every column read, except the workflow graph, which stays the JSON text stored. */
export function toListedAgent(row: AgentOrmEntity): ListedAgent {
  const payload = payloadWithoutGraph(row);
  if (row.modelConfigId) payload.modelConfig.modelConfigId = row.modelConfigId;
  return {
    id: row.id,
    ownerId: row.ownerId,
    ...payload,
    workflowConfigJson: row.workflowConfig,
    status: row.status as AgentStatus,
    version: row.version,
    // MySQL hands booleans back as 0/1.
    isMainAgent: Boolean(row.isMainAgent),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
