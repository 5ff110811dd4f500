import { Actor } from '../domain/auth/actor';
import { ExecutionStatus, ExecutionTargetType } from '../domain/execution/execution.entity';
import { LlmCallBudget } from '../domain/llm/llm-call-budget';
import { TaskPriority, TaskStatus } from '../domain/task/task.entity';
import { JsonValue } from '../shared/json';
import { token } from '../shared/token';

/** How a platform action runs: on the calling run's LLM budget, ended with the tool call. */
export interface PlatformCallOptions {
  budget?: LlmCallBudget;
  signal?: AbortSignal;
  /** The execution whose run calls: a run started here records it as its parent. */
  executionId?: string;
}

export interface AgentCallRequest {
  agentId: string;
  message: string;
}

export interface WorkflowRunRequest {
  workflowId: string;
  input: JsonValue;
  /** True: run now and answer the finished execution; false: queue it and answer the pending one. */
  wait: boolean;
}

export interface TaskCreateRequest {
  title: string;
  description?: string;
  goalId?: string;
  priority?: TaskPriority;
  requiresApproval?: boolean;
  dependsOn?: string[];
  dueAt?: Date;
}

export interface TaskStatusRequest {
  taskId: string;
  status: TaskStatus;
  result?: JsonValue;
  reason?: string;
}

export interface ScheduleCreateRequest {
  targetType: ExecutionTargetType;
  targetId: string;
  /** Exactly one of `cron` and `runAt`. */
  cron?: string;
  runAt?: Date;
  timezone?: string;
  input?: JsonValue;
  name?: string;
}

// The views are what a tool sees: snake_case JSON, dates as ISO 8601 strings. They are type
// aliases, not interfaces, so they are assignable to JsonObject.
export type ErrorView = { code: string; message: string };
export type TokenUsageView = { prompt_tokens: number; completion_tokens: number; total_tokens: number };

type AgentReplyView = {
  agent_id: string;
  success: boolean;
  reply: string;
  iterations: number;
  tool_calls: Array<{ name: string; success: boolean }>;
  token_usage: TokenUsageView;
};
/** `error` is there only when the run failed. */
export type AgentCallView = AgentReplyView | (AgentReplyView & { error: ErrorView });

export type ExecutionView = {
  execution_id: string;
  workflow_id: string;
  status: ExecutionStatus;
  success: boolean | null;
  output: JsonValue;
  steps_count: number;
  token_usage: TokenUsageView;
  error: ErrorView | null;
  started_at: string | null;
  finished_at: string | null;
};

export type TaskView = {
  id: string;
  goal_id: string | null;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  requires_approval: boolean;
  depends_on: string[];
  due_at: string | null;
  created_at: string;
};

/** A task after a move: its outcome too. */
export type TaskStateView = TaskView & { result: JsonValue; failure_reason: string | null; completed_at: string | null };

export type TaskMoveView = { task: TaskStateView; previous_status: TaskStatus; action: string };

export type ScheduleView = {
  id: string;
  name: string;
  target_type: ExecutionTargetType;
  target_id: string;
  cron: string | null;
  run_at: string | null;
  timezone: string;
  enabled: boolean;
  next_run_at: string | null;
};

/**
 * What the kernel's `platform` capability may do, acting as `actor` with exactly that user's
 * rights (implemented by the core). Failures are the use cases' DomainErrors: a record the
 * actor may not see is `<aggregate>.not_found`, an illegal task move `task.conflict`.
 */
export interface PlatformGateway {
  /** Runs a stored agent on one message and answers its reply. */
  callAgent(actor: Actor, request: AgentCallRequest, options: PlatformCallOptions): Promise<AgentCallView>;
  /** Runs a stored workflow now (`wait`) or queues it. */
  runWorkflow(actor: Actor, request: WorkflowRunRequest, options: PlatformCallOptions): Promise<ExecutionView>;
  createTask(actor: Actor, request: TaskCreateRequest, options: PlatformCallOptions): Promise<TaskView>;
  /** Moves a task to `status` by the one transition that leads there from its current state. */
  updateTaskStatus(actor: Actor, request: TaskStatusRequest, options: PlatformCallOptions): Promise<TaskMoveView>;
  /** Stores a recurring (`cron`) or one-shot (`runAt`) run of an agent or a workflow. */
  scheduleRun(actor: Actor, request: ScheduleCreateRequest, options: PlatformCallOptions): Promise<ScheduleView>;
}

export const PLATFORM_GATEWAY = token<PlatformGateway>('PlatformGateway');
