import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { BatchOutcome } from '../../domain/batch/batch-outcome';
import { WorkflowRemover } from '../workflows/workflow-remover.service';
import { BatchItemRunner } from './batch-item-runner.service';

/**
 * Deletes many workflows, each with its dependants as `DELETE /workflows/{id}` does: each delete is
 * its own transaction, so one that fails leaves that workflow whole and the others deleted.
 */
@injectable()
export class WorkflowBatchRemover {
  constructor(
    @inject(BatchItemRunner) private readonly items: BatchItemRunner,
    @inject(WorkflowRemover) private readonly remover: WorkflowRemover,
  ) {}

  removeEach(actor: Actor, workflowIds: ReadonlyArray<string>): Promise<BatchOutcome<void>> {
    return this.items.runEach(workflowIds, (id) => this.remover.remove(actor, id));
  }
}
