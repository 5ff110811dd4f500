import { assertLegalAction, ExecutionAction } from '../../../../core/domain/execution/execution-transitions';
import { ExecutionStatus } from '../../../../core/domain/execution/execution.entity';
import { ExecutionStateError } from '../../../../core/domain/execution/execution.errors';

const STATUSES: ExecutionStatus[] = ['pending', 'running', 'paused', 'completed', 'failed', 'cancelled'];
const LEGAL: Record<ExecutionAction, ExecutionStatus[]> = {
  pause: ['running'],
  resume: ['paused'],
  cancel: ['pending', 'running', 'paused'],
};

describe('Execution state machine', () => {
  it.each(Object.entries(LEGAL) as Array<[ExecutionAction, ExecutionStatus[]]>)('When %s is asked, Then it applies exactly to %p', (action, legal) => {
    for (const status of STATUSES) {
      if (legal.includes(status)) expect(() => assertLegalAction(action, status)).not.toThrow();
      else expect(() => assertLegalAction(action, status)).toThrow(ExecutionStateError);
    }
  });

  it('When a move is illegal, Then the error is a conflict naming the status and where the action applies', () => {
    expect(() => assertLegalAction('resume', 'running')).toThrow('Cannot resume an execution that is running; resume applies to paused executions');
    try {
      assertLegalAction('cancel', 'completed');
    } catch (error) {
      expect((error as ExecutionStateError).reason).toBe('conflict');
    }
  });
});
