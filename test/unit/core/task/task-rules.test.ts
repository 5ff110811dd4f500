import { checkNewTask, TASK_LIMITS, transitionDetailIssues } from '../../../../core/domain/task/task.rules';

describe('new task rules', () => {
  it('When only a title is given, Then the defaults fill the rest and the title is trimmed', () => {
    expect(checkNewTask({ title: '  Draft the plan ' })).toEqual({
      ok: true,
      value: {
        title: 'Draft the plan',
        description: '',
        goalId: null,
        priority: 'normal',
        requiresApproval: false,
        assigneeAgentId: null,
        dependsOn: [],
        dueAt: null,
      },
    });
  });

  it('When dependencies repeat, Then each counts once, in the order first given', () => {
    const checked = checkNewTask({ title: 't', dependsOn: ['b', 'a', 'b'] });
    expect(checked).toMatchObject({ ok: true, value: { dependsOn: ['b', 'a'] } });
  });

  it('When every field is wrong, Then every problem is reported with its wire field name', () => {
    const checked = checkNewTask({
      title: 't'.repeat(201),
      description: 'd'.repeat(10_001),
      priority: 'asap' as never,
      requiresApproval: 'yes' as never,
      goalId: '',
      assigneeAgentId: 'x'.repeat(37),
      dependsOn: Array.from({ length: 51 }, (_, i) => `task-${i}`),
      dueAt: new Date('not a date'),
    });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.issues.map((issue) => issue.field)).toEqual([
      'title',
      'description',
      'priority',
      'requires_approval',
      'goal_id',
      'agent_id',
      'depends_on',
      'due_at',
    ]);
  });

  it('When the limits are met exactly, Then the task is accepted', () => {
    const checked = checkNewTask({
      title: 't'.repeat(TASK_LIMITS.titleChars),
      description: 'd'.repeat(TASK_LIMITS.descriptionChars),
      dependsOn: Array.from({ length: TASK_LIMITS.dependencies }, (_, i) => `task-${i}`),
    });
    expect(checked.ok).toBe(true);
  });

  it('When a result is larger than a TEXT column in UTF-8, Then it is refused, counting multi-byte characters', () => {
    // 21,844 three-byte characters plus the two quotes: 65,534 bytes; one more character overflows.
    expect(transitionDetailIssues({ result: '€'.repeat(21_844) })).toEqual([]);
    expect(transitionDetailIssues({ result: '€'.repeat(21_845) })).toEqual([{ field: 'result', message: 'must be at most 65535 bytes of JSON' }]);
    expect(transitionDetailIssues({ reason: 'r'.repeat(2_001) })).toEqual([{ field: 'reason', message: 'must be a string of at most 2000 characters' }]);
  });
});
