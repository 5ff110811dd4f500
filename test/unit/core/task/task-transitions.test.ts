import { TASK_ACTIONS, TaskAction } from '../../../../core/domain/task/task-action';
import { actionTowards, awaitsRedoByAgent, isLegalTaskAction, moveAction, nextStatus, reachableStatuses } from '../../../../core/domain/task/task-transitions';
import { TASK_STATUSES, TaskStatus } from '../../../../core/domain/task/task.entity';
import { IllegalTaskTransitionError, TaskConflictError } from '../../../../core/domain/task/task.errors';

const plain = (status: TaskStatus) => ({ status, requiresApproval: false });
const approved = (status: TaskStatus) => ({ status, requiresApproval: true });

/** Every legal move of decisions.md "Task states": [from, action, to without approval, to with approval]. */
const LEGAL: Array<[TaskStatus, TaskAction, TaskStatus, TaskStatus]> = [
  ['pending', 'claim', 'claimed', 'claimed'],
  ['claimed', 'release', 'pending', 'pending'],
  ['claimed', 'complete', 'completed', 'awaiting_approval'],
  ['claimed', 'fail', 'failed', 'failed'],
  ['awaiting_approval', 'approve', 'completed', 'completed'],
  ['awaiting_approval', 'reject', 'claimed', 'claimed'],
  ['failed', 'retry', 'pending', 'pending'],
];

describe('task transitions', () => {
  it.each(LEGAL)('When a %s task is sent %s, Then it becomes %s (or %s when it requires approval)', (from, action, to, toWithApproval) => {
    expect(nextStatus(plain(from), action)).toBe(to);
    expect(nextStatus(approved(from), action)).toBe(toWithApproval);
  });

  it('When every other status and action are paired, Then each is refused as a conflict naming the action and the status', () => {
    const illegal = TASK_STATUSES.flatMap((status) =>
      TASK_ACTIONS.filter((action) => !LEGAL.some(([from, legal]) => from === status && legal === action)).map((action) => [status, action] as const),
    );
    expect(illegal).toHaveLength(TASK_STATUSES.length * TASK_ACTIONS.length - LEGAL.length);
    for (const [status, action] of illegal) {
      expect(isLegalTaskAction(status, action)).toBe(false);
      expect(() => nextStatus(plain(status), action)).toThrow(IllegalTaskTransitionError);
    }
  });

  it('When a completed task is claimed, Then the error is a task.conflict with a readable message', () => {
    let caught: unknown;
    try {
      nextStatus(plain('completed'), 'claim');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      code: 'task.conflict',
      reason: 'conflict',
      message: 'Cannot claim a task that is completed',
      action: 'claim',
      from: 'completed',
    });
  });

  it.each([
    ['pending', 'claimed', 'claim'],
    ['claimed', 'pending', 'release'],
    ['claimed', 'completed', 'complete'],
    ['claimed', 'awaiting_approval', 'complete'],
    ['claimed', 'failed', 'fail'],
    ['awaiting_approval', 'completed', 'approve'],
    ['awaiting_approval', 'claimed', 'reject'],
    ['failed', 'pending', 'retry'],
  ] as Array<[TaskStatus, TaskStatus, TaskAction]>)('When asked for the way from %s to %s, Then it is %s', (from, to, action) => {
    expect(actionTowards(from, to)).toBe(action);
  });

  it.each([
    ['pending', 'completed'],
    ['pending', 'pending'],
    ['completed', 'pending'],
    ['completed', 'failed'],
    ['failed', 'completed'],
    ['awaiting_approval', 'pending'],
    ['claimed', 'claimed'],
  ] as Array<[TaskStatus, TaskStatus]>)('When asked for the way from %s to %s, Then there is none', (from, to) => {
    expect(actionTowards(from, to)).toBeUndefined();
  });

  it("When a task is claimed for an agent and no run holds it (a rejected result), Then it awaits an agent's redo, and only then", () => {
    const rejected = { status: 'claimed' as const, claimedByAgent: true, leaseExpiresAt: null };
    expect(awaitsRedoByAgent(rejected)).toBe(true);
    expect(awaitsRedoByAgent({ ...rejected, leaseExpiresAt: new Date() })).toBe(false);
    expect(awaitsRedoByAgent({ ...rejected, claimedByAgent: false })).toBe(false);
    expect(awaitsRedoByAgent({ ...rejected, status: 'awaiting_approval' })).toBe(false);
  });

  it('When the reachable statuses are asked for, Then they follow the table and the approval flag', () => {
    expect(reachableStatuses(plain('pending'))).toEqual(['claimed']);
    expect(reachableStatuses(plain('claimed'))).toEqual(['pending', 'completed', 'failed']);
    expect(reachableStatuses(approved('claimed'))).toEqual(['pending', 'awaiting_approval', 'failed']);
    expect(reachableStatuses(plain('awaiting_approval'))).toEqual(['completed', 'claimed']);
    expect(reachableStatuses(plain('failed'))).toEqual(['pending']);
    expect(reachableStatuses(plain('completed'))).toEqual([]);
  });

  it('When a move is asked for, Then the action is the one leading there, and completed from claimed follows the approval flag', () => {
    expect(moveAction(plain('pending'), 'claimed')).toBe('claim');
    expect(moveAction(plain('claimed'), 'completed')).toBe('complete');
    expect(moveAction(approved('claimed'), 'completed')).toBe('complete');
    expect(moveAction(approved('claimed'), 'awaiting_approval')).toBe('complete');
    expect(moveAction(plain('awaiting_approval'), 'completed')).toBe('approve');
  });

  it('When no action leads to the status, Then the conflict lists where the task can go', () => {
    expect(() => moveAction(plain('claimed'), 'awaiting_approval')).toThrow(
      new TaskConflictError('Cannot move a task that is claimed to awaiting_approval: it can move to pending, completed, failed'),
    );
    expect(() => moveAction(plain('pending'), 'failed')).toThrow('Cannot move a task that is pending to failed: it can move to claimed');
    expect(() => moveAction(plain('completed'), 'pending')).toThrow('Cannot move a task that is completed to pending: completed is final');
  });
});
