import { GOAL_ACTIONS, GoalAction } from './goal-action';
import { IllegalGoalTransitionError } from './goal.errors';
import { GoalStatus } from './goal.entity';

export { GOAL_ACTIONS } from './goal-action';
export type { GoalAction } from './goal-action';

const TERMINAL: ReadonlyArray<GoalStatus> = ['completed', 'failed', 'cancelled'];

/** Where each action may start and where it lands (decisions.md, "Goal states"). */
const TABLE: Record<Exclude<GoalAction, 'cancel'>, { from: GoalStatus; to: GoalStatus }> = {
  start: { from: 'draft', to: 'active' },
  pause: { from: 'active', to: 'paused' },
  resume: { from: 'paused', to: 'active' },
  complete: { from: 'active', to: 'completed' },
  fail: { from: 'active', to: 'failed' },
};

export function isTerminalGoalStatus(status: GoalStatus): boolean {
  return TERMINAL.includes(status);
}

export function isLegalGoalAction(status: GoalStatus, action: GoalAction): boolean {
  return action === 'cancel' ? !isTerminalGoalStatus(status) : TABLE[action].from === status;
}

/** The status `action` moves the goal to; `IllegalGoalTransitionError` (a `goal.conflict`) when it does not apply. */
export function nextGoalStatus(status: GoalStatus, action: GoalAction): GoalStatus {
  if (!isLegalGoalAction(status, action)) throw new IllegalGoalTransitionError(action, status);
  return action === 'cancel' ? 'cancelled' : TABLE[action].to;
}

/** The actions that apply to a goal in `status`, in declaration order. */
export function goalActionsFrom(status: GoalStatus): GoalAction[] {
  return GOAL_ACTIONS.filter((action) => isLegalGoalAction(status, action));
}
