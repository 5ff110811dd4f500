/** A task (docs/goals-and-tasks.md, "HTTP API"). Absent optional values are null. */
export interface TaskResponse {
  id: string;
  owner_id: string;
  /** The goal the task belongs to; null for a task on its own. */
  goal_id: string | null;
  title: string;
  description: string;
  status: 'pending' | 'claimed' | 'awaiting_approval' | 'completed' | 'failed';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  requires_approval: boolean;
  /** The agent that runs the task; null: the default model as a bare agent. */
  agent_id: string | null;
  /** The user holding the claim. */
  claimed_by: string | null;
  /** Whether the claim is an agent's run (execute, or the goal's run) rather than the user's own work: a rejected result of an agent's is run again by the goal's run. */
  claimed_by_agent: boolean;
  /** When the claim lapses and the task returns to pending (ISO 8601 UTC); null without a lease. */
  lease_expires_at: string | null;
  /** Ids of the tasks that must be completed first, in the order given. */
  depends_on: string[];
  /** What `complete` handed in; null until then. */
  result: unknown;
  failure_reason: string | null;
  due_at: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface TaskPageResponse {
  items: TaskResponse[];
  total: number;
  page: number;
  page_size: number;
}

export interface TaskListResponse {
  items: TaskResponse[];
}

/** `POST /tasks`. Only these fields are read; `status`, ids, owner and times are ignored. */
export interface TaskCreateRequest {
  /** 1 to 200 characters (trimmed). */
  title: string;
  /** At most 10,000 characters. */
  description?: string;
  /** A goal of yours that is not cancelled; the task then belongs to the goal's owner. */
  goal_id?: string;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  requires_approval?: boolean;
  agent_id?: string;
  /** At most 50 tasks of the same owner and goal that already exist. */
  depends_on?: string[];
  due_at?: Date;
}

/** `PUT /tasks/{task_id}`: absent fields stay as they are; `status` is never changed here (use the actions). */
export interface TaskUpdateRequest {
  title?: string;
  description?: string;
  priority?: 'low' | 'normal' | 'high' | 'urgent';
  requires_approval?: boolean;
  /** null unassigns. */
  agent_id?: string | null;
  /** Replaces the dependencies; refused (422) when it would form a cycle. */
  depends_on?: string[];
  /** null removes the due date. */
  due_at?: Date | null;
}

/** `POST /tasks/{task_id}/claim`. */
export interface TaskClaimRequest {
  /**
   * The claim lapses after this many seconds (1 to 86,400) and the task returns to pending, unless
   * you claim it again first; without it the claim holds until released.
   * @isInt
   */
  lease_seconds?: number;
}

/** `POST /tasks/{task_id}/complete`. */
export interface TaskCompleteRequest {
  /** Any JSON, at most 65,535 bytes. */
  result?: unknown;
}

/** `POST /tasks/{task_id}/fail`. */
export interface TaskFailRequest {
  /** At most 2,000 characters. */
  reason?: string;
}
