import { AgentVersion } from '../../../../core/domain/agent/agent-version';
import { AgentVersionOrmEntity } from '../entities/agent-version.orm-entity';
import { toPayload, toPayloadColumns } from './agent.mapper';

export function toAgentVersionRow(version: AgentVersion): AgentVersionOrmEntity {
  return { agentId: version.agentId, version: version.version, ...toPayloadColumns(version.payload), createdAt: version.createdAt };
}

export function toAgentVersion(row: AgentVersionOrmEntity): AgentVersion {
  return { agentId: row.agentId, version: row.version, payload: toPayload(row), createdAt: row.createdAt };
}
