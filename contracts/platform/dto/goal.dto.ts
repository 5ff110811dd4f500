import { TaskResponse } from './task.dto';

/** A goal (docs/goals-and-tasks.md, "HTTP API"). */
export interface GoalResponse {
  id: string;
  owner_id: string;
  title: string;
  description: string;
  status: 'draft' | 'active' | 'paused' | 'completed' | 'failed' | 'cancelled';
  /** The agent pursuing the goal; null when none is bound. */
  agent_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface GoalPageResponse {
  items: GoalResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** `POST /goals`. Only these fields are read; a new goal is `draft`. */
export interface GoalCreateRequest {
  /** 1 to 200 characters (trimmed). */
  title: string;
  /** At most 10,000 characters. */
  description?: string;
  agent_id?: string;
}

/** `PUT /goals/{goal_id}`: absent fields stay as they are; `status` is never changed here (use the actions). */
export interface GoalUpdateRequest {
  title?: string;
  description?: string;
  /** null unbinds the agent. */
  agent_id?: string | null;
}

/** `GET /goals/{goal_id}/tasks`: the goal and all its tasks, oldest first; `depends_on` links them into a graph. */
export interface GoalTaskTreeResponse {
  goal: GoalResponse;
  tasks: TaskResponse[];
}

/** `POST /goals/{goal_id}/decompose` and `/replan`: the goal and the tasks the plan added, dependencies first. */
export interface GoalDecompositionResponse {
  goal: GoalResponse;
  /** The model's one-sentence account of the plan. */
  summary: string;
  tasks: TaskResponse[];
  /** The failed and pending tasks a replan replaced (deleted); empty for decompose. */
  removed_task_ids: string[];
}

/** `POST /goals/{goal_id}/interact`. */
export interface GoalInteractRequest {
  /** What you say or ask about the goal, 1 to 4,000 characters. */
  message: string;
}

export interface GoalChangeResponse {
  action: 'added' | 'changed' | 'dropped';
  /** The task as it is now; a dropped task as it was. */
  task: TaskResponse;
}

/** The model's reply and the changes it made to the plan (applied together). */
export interface GoalInteractionResponse {
  reply: string;
  changes: GoalChangeResponse[];
}
