import { Agent, AgentModelConfig, AgentStatus } from '../../../../core/domain/agent/agent.entity';
import { JsonObject } from '../../../../core/shared/json';
import { AgentOrmEntity } from '../entities/agent.orm-entity';

export function toAgentRow(agent: Agent): AgentOrmEntity {
  const { modelConfigId, ...modelConfig } = agent.modelConfig;
  return {
    id: agent.id,
    ownerId: agent.ownerId,
    name: agent.name,
    description: agent.description,
    systemPrompt: agent.systemPrompt,
    modelConfig: JSON.stringify(modelConfig),
    modelConfigId: modelConfigId ?? '',
    iterationLimit: agent.iterationLimit,
    includeTools: JSON.stringify(agent.includeTools),
    workflowConfig: JSON.stringify(agent.workflowConfig),
    status: agent.status,
    version: agent.version,
    isMainAgent: agent.isMainAgent,
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt,
  };
}

export function toAgent(row: AgentOrmEntity): Agent {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    systemPrompt: row.systemPrompt,
    modelConfig: { ...(JSON.parse(row.modelConfig) as AgentModelConfig), ...(row.modelConfigId ? { modelConfigId: row.modelConfigId } : {}) },
    iterationLimit: row.iterationLimit,
    includeTools: JSON.parse(row.includeTools) as string[],
    workflowConfig: JSON.parse(row.workflowConfig) as JsonObject,
    status: row.status as AgentStatus,
    version: row.version,
    // MySQL hands booleans back as 0/1.
    isMainAgent: Boolean(row.isMainAgent),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
