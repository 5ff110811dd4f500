import { FieldIssue } from '../../shared/domain-error';
import { AgentPayload } from './agent.entity';

/** The marker of an agent export document; an import refuses any other. */
export const AGENT_EXPORT_FORMAT = 'agent-platform.agent';
export const AGENT_EXPORT_SCHEMA_VERSION = 1;

/** What `GET /agents/{id}/export` writes and `POST /agents/import` reads: the payload, portable between installations. */
export interface AgentExport {
  format: typeof AGENT_EXPORT_FORMAT;
  schemaVersion: typeof AGENT_EXPORT_SCHEMA_VERSION;
  exportedAt: Date;
  payload: AgentPayload;
}

export function exportMarkerIssues(format: unknown, schemaVersion: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (format !== AGENT_EXPORT_FORMAT) issues.push({ field: 'format', message: `must be "${AGENT_EXPORT_FORMAT}"` });
  if (schemaVersion !== AGENT_EXPORT_SCHEMA_VERSION) issues.push({ field: 'schema_version', message: `must be ${AGENT_EXPORT_SCHEMA_VERSION}` });
  return issues;
}
