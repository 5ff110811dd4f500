import { MAX_PLAN_TASKS, readGoalPlan } from '../../../../core/domain/goal/goal-plan';
import { JsonObject } from '../../../../core/shared/json';

const task = (title: string, dependsOn: Array<number | string> = [], extra: JsonObject = {}): JsonObject => ({
  title,
  description: `Do ${title}`,
  dependsOn,
  ...extra,
});

describe('readGoalPlan', () => {
  it('When the plan is a valid DAG listed out of order, Then the tasks come back dependencies first with their indexes remapped', () => {
    const reading = readGoalPlan({
      summary: ' Three steps ',
      tasks: [
        task('Ship', [2, 1], { priority: 'low', requires_approval: true }),
        task('Build', [2], { agent_id: 'agent-1', priority: 'medium' }),
        task('Design', [], { priority: 'HIGH' }),
      ],
    });
    expect(reading).toEqual({
      ok: true,
      plan: {
        summary: 'Three steps',
        tasks: [
          { title: 'Design', description: 'Do Design', priority: 'high', dependsOn: [], dependsOnKept: [], agentId: null, requiresApproval: false },
          { title: 'Build', description: 'Do Build', priority: 'normal', dependsOn: [0], dependsOnKept: [], agentId: 'agent-1', requiresApproval: false },
          { title: 'Ship', description: 'Do Ship', priority: 'low', dependsOn: [0, 1], dependsOnKept: [], agentId: null, requiresApproval: true },
        ],
      },
    });
  });

  it.each([
    ['no tasks', { tasks: [] }, 'it has no tasks'],
    ['tasks not a list', { tasks: 'x' }, 'it has no tasks'],
    [
      'too many',
      { tasks: Array.from({ length: MAX_PLAN_TASKS + 1 }, (_, i) => task(`T${i}`)) },
      `it has ${MAX_PLAN_TASKS + 1} tasks, more than ${MAX_PLAN_TASKS}`,
    ],
    ['a cycle', { tasks: [task('A', [2]), task('B', [0]), task('C', [1])] }, 'its dependencies form a cycle'],
    ['a self-dependency', { tasks: [task('A', [0])] }, 'task 1 depends on 0, which is not another task of the plan'],
    ['an index out of range', { tasks: [task('A'), task('B', [5])] }, 'task 2 depends on 5, which is not another task of the plan'],
    ['a non-integer index', { tasks: [task('A'), task('B', ['A' as never])] }, 'task 2 depends on "A", which is not another task of the plan'],
    ['an untitled task', { tasks: [task('A'), { description: 'x' }] }, 'task 2 has no title'],
    ['a task that is not an object', { tasks: ['A'] }, 'task 1 is not an object'],
    ['an agent that is not an id', { tasks: [task('A', [], { agent_id: 42 })] }, 'task 1 names an agent that is not an id'],
  ])('When the plan has %s, Then it is refused: %s', (_, reply, problem) => {
    expect(readGoalPlan(reply as JsonObject)).toEqual({ ok: false, problem });
  });

  it("When a replan names kept tasks by id, Then they are kept apart from the plan's own dependencies; other ids are refused", () => {
    const kept = new Set(['done-1']);
    const reading = readGoalPlan({ tasks: [task('Redo'), task('Then', [0, 'done-1'])] }, kept);
    expect(reading.ok && reading.plan.tasks.map((t) => [t.dependsOn, t.dependsOnKept])).toEqual([
      [[], []],
      [[0], ['done-1']],
    ]);
    expect(readGoalPlan({ tasks: [task('Redo', ['other'])] }, kept)).toEqual({
      ok: false,
      problem: 'task 1 depends on "other", which is not another task of the plan',
    });
  });

  it('When texts are too long or the priority unknown, Then they are cut to the task limits and the priority is normal', () => {
    const reading = readGoalPlan({ tasks: [task('x'.repeat(300), [], { description: 'y'.repeat(20_000), priority: 'asap' })] });
    expect(reading.ok && reading.plan.tasks[0]).toMatchObject({ title: 'x'.repeat(200), priority: 'normal' });
    expect(reading.ok && reading.plan.tasks[0].description).toHaveLength(10_000);
  });
});
