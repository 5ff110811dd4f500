import { Execution } from '../../domain/execution/execution.entity';
import { TokenUsage } from '../../domain/llm/chat-message';
import { JsonValue } from '../../shared/json';

/** One recorded step of an execution, the same for every mode; inputs and outputs are redacted. */
export interface LoggedStep {
  index: number;
  name: string;
  /** `llm`/`tool` (agent mode), the node type (`graph`), or the role of an agent step (`stage`, `argument`, `judge`). */
  type: string | null;
  status: string | null;
  input: JsonValue;
  output: JsonValue;
  error: { code: string; message: string } | null;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  tokenUsage: TokenUsage | null;
  /** The step as recorded, redacted. */
  record: JsonValue;
}

/** An execution with its input and output redacted, and its steps in order. */
export interface ExecutionLog {
  execution: Execution;
  steps: LoggedStep[];
}

export interface StepTiming {
  index: number;
  name: string;
  type: string | null;
  durationMs: number;
}

export interface StepTokens {
  index: number;
  name: string;
  tokenUsage: TokenUsage;
}

/** Where an execution spent its time and tokens. */
export interface ExecutionPerformance {
  executionId: string;
  durationMs: number | null;
  stepCount: number;
  /** The slowest steps with a known duration, slowest first (at most 5). */
  slowestSteps: StepTiming[];
  tokensPerStep: StepTokens[];
  /** Model calls from the LLM call log: attempts, their summed latency and tokens. */
  model: { calls: number; latencyMs: number; promptTokens: number; completionTokens: number };
  /** Tool steps (agent `tool` steps, `tool` nodes): how many, and their summed duration where recorded (null when none is). */
  tools: { calls: number; durationMs: number | null };
}

/** A node of a call chain: an execution and the runs it started. */
export interface CallChainNode {
  execution: Execution;
  children: CallChainNode[];
}

export interface CallChain {
  /** The ids from the root down to the execution asked for. */
  path: string[];
  root: CallChainNode;
  /** True when the chain was cut at its size or depth bound. */
  truncated: boolean;
}
