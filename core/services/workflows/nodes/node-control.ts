import { TokenUsage } from '../../../domain/llm/chat-message';
import { JsonObject } from '../../../shared/json';
import { NodeRunContext, NodeRunControl } from './node-executor';

/** The engine's help a control node needs; every run by the WorkflowEngine has it. */
export function controlOf(context: NodeRunContext): NodeRunControl {
  if (!context.control) throw new Error(`The ${context.node.type} node needs the workflow engine's run control`);
  return context.control;
}

/** Thrown by a node whose run was told to stop between two rounds: the node is left unsettled and resumes from its progress. */
export class RunInterrupted extends Error {
  constructor() {
    super('The run stopped between two rounds of a node');
  }
}

/** Token counts as stored progress. */
export function usageAsJson(usage: TokenUsage): JsonObject {
  return { promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, totalTokens: usage.totalTokens };
}
