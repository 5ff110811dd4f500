import { GOAL_ACTIONS, GoalAction } from '../../../../core/domain/goal/goal-action';
import { goalActionsFrom, isTerminalGoalStatus, nextGoalStatus } from '../../../../core/domain/goal/goal-transitions';
import { GOAL_STATUSES, GoalStatus } from '../../../../core/domain/goal/goal.entity';
import { IllegalGoalTransitionError } from '../../../../core/domain/goal/goal.errors';

/** Every legal move of decisions.md "Goal states". */
const LEGAL: Array<[GoalStatus, GoalAction, GoalStatus]> = [
  ['draft', 'start', 'active'],
  ['active', 'pause', 'paused'],
  ['paused', 'resume', 'active'],
  ['active', 'complete', 'completed'],
  ['active', 'fail', 'failed'],
  ['draft', 'cancel', 'cancelled'],
  ['active', 'cancel', 'cancelled'],
  ['paused', 'cancel', 'cancelled'],
];

describe('goal transitions', () => {
  it.each(LEGAL)('When a %s goal is sent %s, Then it becomes %s', (from, action, to) => {
    expect(nextGoalStatus(from, action)).toBe(to);
  });

  it('When every other status and action are paired, Then each is refused as a goal.conflict', () => {
    const illegal = GOAL_STATUSES.flatMap((status) =>
      GOAL_ACTIONS.filter((action) => !LEGAL.some(([from, legal]) => from === status && legal === action)).map((action) => [status, action] as const),
    );
    expect(illegal).toHaveLength(GOAL_STATUSES.length * GOAL_ACTIONS.length - LEGAL.length);
    for (const [status, action] of illegal) {
      expect(() => nextGoalStatus(status, action)).toThrow(IllegalGoalTransitionError);
    }
    expect(() => nextGoalStatus('completed', 'cancel')).toThrow(
      expect.objectContaining({ code: 'goal.conflict', message: 'Cannot cancel a goal that is completed' }),
    );
  });

  it('When the actions from each status are asked for, Then terminal statuses have none', () => {
    expect(goalActionsFrom('draft')).toEqual(['start', 'cancel']);
    expect(goalActionsFrom('active')).toEqual(['pause', 'complete', 'fail', 'cancel']);
    expect(goalActionsFrom('paused')).toEqual(['resume', 'cancel']);
    for (const status of ['completed', 'failed', 'cancelled'] as const) {
      expect(isTerminalGoalStatus(status)).toBe(true);
      expect(goalActionsFrom(status)).toEqual([]);
    }
  });
});
