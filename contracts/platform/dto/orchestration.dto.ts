import { ChatTokenUsage } from './agent-chat.dto';

export interface OrchestrateRequest {
  /** `route`: the default model picks one agent, which answers; `sequential`: each agent answers the previous one's reply; `debate`: the agents argue, the first one judges. */
  mode: 'route' | 'sequential' | 'debate';
  /** 2 to 10 agents (`route`, `debate`), 1 to 10 (`sequential`): yours, or deployed ones. */
  agent_ids: string[];
  /**
   * @minLength 1
   * @maxLength 32000
   */
  message: string;
  /**
   * Your conversation id: echoed back and kept with the run's model calls.
   * @maxLength 36
   */
  session_id?: string;
}

export interface OrchestrationGraphNode {
  /**
   * @minLength 1
   * @maxLength 64
   */
  id: string;
  agent_id: string;
}

export interface OrchestrationGraphEdge {
  source: string;
  target: string;
}

export interface OrchestrateGraphRequest {
  /** 1 to 20 nodes. */
  nodes: OrchestrationGraphNode[];
  /** At most 50 edges, forming no cycle; a node's input is its parents' outputs. */
  edges?: OrchestrationGraphEdge[];
  /**
   * @minLength 1
   * @maxLength 32000
   */
  message: string;
  /** @maxLength 36 */
  session_id?: string;
}

export interface OrchestrationStepResponse {
  agent_id: string;
  /** Graph orchestration: the node the agent answered for. */
  node_id?: string;
  output: string;
}

export interface OrchestrateResponse {
  session_id?: string;
  mode: 'route' | 'sequential' | 'debate' | 'graph';
  reply: string;
  /** Every agent run, in order: the chosen agent (`route`), each stage (`sequential`), each argument then the verdict (`debate`). */
  steps: OrchestrationStepResponse[];
  token_usage: ChatTokenUsage;
}
