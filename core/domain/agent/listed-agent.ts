import { Agent } from './agent.entity';

/**
 * An agent as a list gives it: the whole record, except that the workflow graph stays the JSON text
 * it is stored as. A list only passes the graph on to its reader; parsing every item's graph and
 * writing it out again was the largest part of what a page cost (docs/benchmarks.md).
 */
export interface ListedAgent extends Omit<Agent, 'workflowConfig'> {
  /** The agent's `workflowConfig`, serialized: a JSON object. */
  workflowConfigJson: string;
}
