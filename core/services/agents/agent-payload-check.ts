import { agentDefaults } from '../../domain/agent/agent-defaults';
import { AgentValidationError } from '../../domain/agent/agent.errors';
import { AgentPayload } from '../../domain/agent/agent.entity';
import { AgentPayloadInput } from '../../domain/agent/agent-payload';
import { checkAgentPayload } from '../../domain/agent/agent-payload.rules';
import { FieldIssue } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';
import { AgentSettings } from './agent-settings';

/** The checked payload with the configured defaults applied; `AgentValidationError` (422) naming every problem otherwise. */
export function requireAgentPayload(input: AgentPayloadInput, settings: AgentSettings, extraIssues: FieldIssue[] = []): AgentPayload {
  const checked = checkAgentPayload(input, agentDefaults(settings.defaultProvider, settings.defaultModel));
  const issues = [...extraIssues, ...(checked.ok ? [] : checked.issues)];
  if (!checked.ok || issues.length > 0) throw new AgentValidationError(summarizeIssues('Invalid agent', issues), issues);
  return checked.value;
}
