import { Agent } from '../../../domain/agent/agent.entity';
import { ResolvedTarget } from '../execution-targets';

/** The agent an agent-based mode runs; the dispatcher never hands such a mode a workflow. */
export function targetAgent(target: ResolvedTarget): Agent {
  if (target.type !== 'agent') throw new Error('an agent-based mode was given a workflow');
  return target.agent;
}
