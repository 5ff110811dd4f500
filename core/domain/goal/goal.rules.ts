import { FieldIssue } from '../../shared/domain-error';

export const GOAL_LIMITS = { titleChars: 200, descriptionChars: 10_000, idChars: 36 } as const;

export interface NewGoalInput {
  title: string;
  description?: string;
  agentId?: string;
}

export type CheckedNewGoal = { title: string; description: string; agentId: string | null };

/** Checks a new goal completely (every problem at once, named by its wire field). */
export function checkNewGoal(input: NewGoalInput): { ok: true; value: CheckedNewGoal } | { ok: false; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (title.length === 0 || title.length > GOAL_LIMITS.titleChars) {
    issues.push({ field: 'title', message: `must be 1 to ${GOAL_LIMITS.titleChars} characters` });
  }
  const description = input.description ?? '';
  if (typeof description !== 'string' || description.length > GOAL_LIMITS.descriptionChars) {
    issues.push({ field: 'description', message: `must be a string of at most ${GOAL_LIMITS.descriptionChars} characters` });
  }
  const agentId = input.agentId ?? null;
  if (agentId !== null && (typeof agentId !== 'string' || agentId.trim() === '' || agentId.length > GOAL_LIMITS.idChars)) {
    issues.push({ field: 'agent_id', message: `must be an id of 1 to ${GOAL_LIMITS.idChars} characters` });
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: { title, description, agentId } };
}

/** What PUT may change; absent fields stay as they are (never the status or the owner). */
export interface GoalChanges {
  title?: string;
  description?: string;
  /** null unbinds the agent. */
  agentId?: string | null;
}

/** Checks a PUT's changes by the rules of a new goal (every problem at once). */
export function checkGoalChanges(input: GoalChanges): { ok: true; value: Partial<CheckedNewGoal> } | { ok: false; issues: FieldIssue[] } {
  const probe = checkNewGoal({ title: input.title ?? 'unchanged', description: input.description, agentId: input.agentId ?? undefined });
  if (!probe.ok) return probe;
  const changes: Partial<CheckedNewGoal> = {};
  if (input.title !== undefined) changes.title = probe.value.title;
  if (input.description !== undefined) changes.description = probe.value.description;
  if (input.agentId !== undefined) changes.agentId = probe.value.agentId;
  return { ok: true, value: changes };
}
