import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { BatchOutcome } from '../../domain/batch/batch-outcome';
import { WorkflowExport } from '../../domain/workflow/workflow-export';
import { WorkflowPorter } from '../workflows/workflow-porter.service';
import { BatchItemRunner } from './batch-item-runner.service';

/** Exports many workflows, each as `GET /workflows/{id}/export` would. */
@injectable()
export class WorkflowBatchExporter {
  constructor(
    @inject(BatchItemRunner) private readonly items: BatchItemRunner,
    @inject(WorkflowPorter) private readonly porter: WorkflowPorter,
  ) {}

  exportEach(actor: Actor, workflowIds: ReadonlyArray<string>): Promise<BatchOutcome<WorkflowExport>> {
    return this.items.runEach(workflowIds, (id) => this.porter.exportWorkflow(actor, id));
  }
}
