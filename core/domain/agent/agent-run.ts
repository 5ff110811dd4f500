import { ChatMessage, TokenUsage } from '../llm/chat-message';
import { LlmCallBudget } from '../llm/llm-call-budget';
import { JsonValue } from '../../shared/json';
import { RunEventSink } from '../run/run-event';

/** One model call (`llm`) or one tool call (`tool`) of a run, in order. */
export interface AgentRunStep {
  /** 1-based; a model call and the tool calls it asked for share one iteration. */
  iteration: number;
  type: 'llm' | 'tool';
  tool?: string;
  /** The parsed arguments, or the raw text when it was not a JSON object. */
  arguments?: JsonValue;
  /** The tool's result; when its JSON is longer than the run's cap, that JSON cut to the cap (a string). */
  result?: JsonValue;
  error?: { code: string; message: string };
  /** What the model wrote (may be empty when it only asked for tools). */
  content?: string;
}

export interface AgentRunResult {
  success: boolean;
  /** The model's final answer; on failure, its last content. */
  output: string;
  steps: AgentRunStep[];
  toolCalls: Array<{ id: string; name: string; arguments: JsonValue; success: boolean }>;
  tokenUsage: TokenUsage;
  /** Model calls made by this run. */
  iterations: number;
  /** Budget calls spent by this run, retries included (behaviour rule 3). */
  llmCalls: number;
  error?: { code: string; message: string };
  /** The self-review of the final answer, when the agent asks for one (behaviour rule 5). */
  review?: AgentRunReview;
  /** The passages put before the first model call, by source (behaviour rule 11); absent when none were. */
  knowledgeSources?: KnowledgeSource[];
}

/** Whether the answer held up against the question; `reason` is safe to show. */
export interface AgentRunReview {
  passed: boolean;
  reason: string;
}

/** A knowledge passage's source, as the knowledge context named it. */
export interface KnowledgeSource {
  knowledgeBaseId: string;
  documentId: string;
  title: string;
}

export interface AgentRunOptions {
  /** Earlier turns, between the system prompt and the new input. */
  history?: ChatMessage[];
  /** A nested run passes its caller's budget: both count against one limit (which also bounds recursion). */
  budget?: LlmCallBudget;
  signal?: AbortSignal;
  /** The execution record the run belongs to, recorded with its LLM calls. */
  executionId?: string;
  /** The chat session the run answers, recorded with its LLM calls. */
  sessionId?: string;
  /**
   * The user's question when `input` is not it (a resumed execution continues with a prompt to go
   * on): the knowledge context is searched for it and the self-review judges the answer against it.
   */
  question?: string;
  /** Receives the run's events as they happen: tokens, tool calls and results, then `done` or `error`. */
  events?: RunEventSink;
}

/** Error codes of a run that ended without an answer (not exceptions: the result carries them). */
export const AGENT_RUN_ERRORS = {
  /** Behaviour rule 6: the model still wanted tools when the iteration limit was reached. */
  iterationLimit: 'agent.iteration_limit',
  /** The run's signal was aborted. */
  cancelled: 'agent.cancelled',
  /**
   * The run spent its LLM calls or its tokens. Named as the wire names it, so chat, streams and
   * execution records all say `budget_exceeded`.
   */
  budgetExceeded: 'budget_exceeded',
} as const;
