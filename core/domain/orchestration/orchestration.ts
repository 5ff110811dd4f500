import { TokenUsage } from '../llm/chat-message';

export type OrchestrationMode = 'route' | 'sequential' | 'debate';
export const ORCHESTRATION_MODES: ReadonlyArray<OrchestrationMode> = ['route', 'sequential', 'debate'];

/** How many agents each mode takes (platform API docs, "Orchestration"). */
export const ORCHESTRATION_AGENT_BOUNDS: Readonly<Record<OrchestrationMode, { min: number; max: number }>> = {
  route: { min: 2, max: 10 },
  sequential: { min: 1, max: 10 },
  debate: { min: 2, max: 10 },
};

export interface OrchestrationStep {
  agentId: string;
  /** The graph node it ran for (graph orchestration). */
  nodeId?: string;
  output: string;
}

export interface OrchestrationResult {
  sessionId?: string;
  mode: OrchestrationMode | 'graph';
  reply: string;
  steps: OrchestrationStep[];
  tokenUsage: TokenUsage;
}
