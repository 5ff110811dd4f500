/**
 * How an execution runs its target. A workflow runs as a `graph`; an agent runs its own loop
 * (`agent`) or the agents of its `workflow_config` in one of the four other ways.
 */
export type ExecutionMode = 'agent' | 'sequential' | 'pipeline' | 'debate' | 'graph';

export const EXECUTION_MODES: ReadonlyArray<ExecutionMode> = ['agent', 'sequential', 'pipeline', 'debate', 'graph'];

/** The modes each target type may run in, the default first. */
export const MODES_BY_TARGET: Readonly<Record<'agent' | 'workflow', ReadonlyArray<ExecutionMode>>> = {
  agent: EXECUTION_MODES,
  workflow: ['graph'],
};
