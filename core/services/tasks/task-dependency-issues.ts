import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { Task } from '../../domain/task/task.entity';
import { FieldIssue } from '../../shared/domain-error';

/**
 * Why `candidates` may not be the dependencies of the new task `task`: each must exist, be
 * visible to the actor, have the task's owner and goal (both null or equal), and not be the
 * task itself. Another user's task reads as missing, as everywhere else. Cycles cannot arise:
 * dependencies must exist before the task and are fixed at creation.
 */
export function dependencyIssues(
  actor: Actor,
  task: Pick<Task, 'id' | 'ownerId' | 'goalId'>,
  ids: ReadonlyArray<string>,
  candidates: ReadonlyArray<Task>,
): FieldIssue[] {
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  return ids.flatMap((id): FieldIssue[] => {
    const dependency = byId.get(id);
    const problem =
      id === task.id
        ? 'a task cannot depend on itself'
        : !dependency || !can(actor, 'read', dependency)
          ? `task "${id}" does not exist`
          : dependency.ownerId !== task.ownerId
            ? `task "${id}" belongs to another user`
            : dependency.goalId !== task.goalId
              ? `task "${id}" is not in the same goal`
              : undefined;
    return problem ? [{ field: 'depends_on', message: problem }] : [];
  });
}
