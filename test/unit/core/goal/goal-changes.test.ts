import { MAX_GOAL_CHANGES, readGoalChanges } from '../../../../core/domain/goal/goal-changes';
import { JsonObject } from '../../../../core/shared/json';
import { aTask } from '../../../fixtures/tasks/task.mother';

const pending = aTask({ id: 'p1', title: 'Pending one' });
const other = aTask({ id: 'p2', title: 'Pending two' });
const done = aTask({ id: 'c1', title: 'Done', status: 'completed' });
const tasks = [pending, other, done];

describe('readGoalChanges', () => {
  it('When the answer adds, changes and drops valid tasks, Then the changes come back read and trimmed', () => {
    const reading = readGoalChanges(
      {
        reply: ' Sure ',
        changes: [
          { action: 'add', title: ' New ', priority: 'HIGH', requires_approval: true, depends_on: ['c1', 'c1'] },
          { action: 'change', task_id: 'p1', title: 'Renamed', priority: 'medium' },
          { action: 'drop', task_id: 'p2' },
        ],
      },
      tasks,
    );
    expect(reading).toEqual({
      ok: true,
      reply: 'Sure',
      changes: [
        { kind: 'add', title: 'New', description: '', priority: 'high', requiresApproval: true, dependsOn: ['c1'] },
        { kind: 'change', taskId: 'p1', title: 'Renamed', priority: 'normal' },
        { kind: 'drop', taskId: 'p2' },
      ],
    });
  });

  it('When the answer has no changes, Then it is a reply alone', () => {
    expect(readGoalChanges({ reply: 'All good' }, tasks)).toEqual({ ok: true, reply: 'All good', changes: [] });
  });

  it.each([
    ['changes not a list', { changes: 'x' }, 'its changes are not a list'],
    [
      'too many',
      { changes: Array.from({ length: MAX_GOAL_CHANGES + 1 }, () => ({ action: 'add', title: 'x' })) },
      `it makes ${MAX_GOAL_CHANGES + 1} changes, more than ${MAX_GOAL_CHANGES}`,
    ],
    ['a task not pending', { changes: [{ action: 'drop', task_id: 'c1' }] }, 'change 1 would drop "Done", which is completed: only pending tasks may change'],
    ['an unknown task', { changes: [{ action: 'change', task_id: 'zz' }] }, 'change 1 names "zz", which is not a task of the goal'],
    [
      'a task touched twice',
      {
        changes: [
          { action: 'change', task_id: 'p1' },
          { action: 'drop', task_id: 'p1' },
        ],
      },
      'change 2 touches "Pending one" a second time',
    ],
    ['an unknown action', { changes: [{ action: 'explode' }] }, 'change 1 has the unknown action "explode"'],
    ['an untitled addition', { changes: [{ action: 'add' }] }, 'change 1 adds a task with no title'],
    [
      'an addition on an unknown task',
      { changes: [{ action: 'add', title: 'x', depends_on: ['zz'] }] },
      'change 1 adds a task depending on "zz", which is not a task of the goal',
    ],
    [
      'an addition on a dropped task',
      {
        changes: [
          { action: 'drop', task_id: 'p1' },
          { action: 'add', title: 'x', depends_on: ['p1'] },
        ],
      },
      'a new task depends on a task it drops',
    ],
  ])('When the answer has %s, Then it is refused: %s', (_, answer, problem) => {
    expect(readGoalChanges(answer as JsonObject, tasks)).toEqual({ ok: false, problem });
  });
});
