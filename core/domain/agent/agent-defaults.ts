import { JsonObject } from '../../shared/json';
import { AgentModelConfig } from './agent.entity';
import { DEFAULT_ITERATION_LIMIT } from './iteration-limit';

export const DEFAULT_TEMPERATURE = 0.7;

/** The values an agent takes for fields its payload leaves out (decisions.md, "Agent record"). */
export interface AgentDefaults {
  modelConfig: AgentModelConfig;
  iterationLimit: number;
  includeTools: string[];
  workflowConfig: JsonObject;
}

/** Fresh objects on every call: callers may change them. */
export function agentDefaults(defaultProvider: string, defaultModel: string): AgentDefaults {
  return {
    modelConfig: { provider: defaultProvider, modelName: defaultModel, temperature: DEFAULT_TEMPERATURE },
    iterationLimit: DEFAULT_ITERATION_LIMIT,
    includeTools: [],
    workflowConfig: defaultWorkflowConfig(),
  };
}

/** start → agent → end. */
export function defaultWorkflowConfig(): JsonObject {
  return {
    nodes: [
      { id: 'start', type: 'start', label: 'Start' },
      { id: 'agent', type: 'agent', label: 'Agent' },
      { id: 'end', type: 'end', label: 'End' },
    ],
    edges: [
      { source: 'start', target: 'agent' },
      { source: 'agent', target: 'end' },
    ],
  };
}
