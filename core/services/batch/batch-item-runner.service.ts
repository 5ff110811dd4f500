import { inject, injectable } from 'inversify';
import { checkBatchIds } from '../../domain/batch/batch-ids';
import { BatchItem, BatchOutcome } from '../../domain/batch/batch-outcome';
import { LOGGER, Logger } from '../../ports/logger.port';
import { ValidationError } from '../../shared/common.errors';
import { DomainError } from '../../shared/domain-error';
import { summarizeIssues } from '../../shared/issue-summary';

/** The wire name of a workflow batch's ids, used in validation details. */
export const WORKFLOW_IDS_FIELD = 'workflow_ids';

/**
 * Runs one operation over each id of a batch, one after another in the order given, and reports
 * every item: a failure of one item (a missing workflow, a limit, even an unexpected error) is
 * that item's answer and never stops the batch. Only a malformed list of ids refuses the whole
 * batch (422), before anything runs.
 */
@injectable()
export class BatchItemRunner {
  constructor(@inject(LOGGER) private readonly logger: Logger) {}

  async runEach<T>(ids: ReadonlyArray<string>, operation: (id: string) => Promise<T>): Promise<BatchOutcome<T>> {
    const checked = checkBatchIds(ids, WORKFLOW_IDS_FIELD);
    if (!checked.ok) throw new ValidationError(summarizeIssues('Invalid batch', checked.issues), checked.issues);
    const items: BatchItem<T>[] = [];
    for (const id of checked.ids) items.push(await this.runOne(id, operation));
    const succeeded = items.filter((item) => item.ok).length;
    return { items, succeeded, failed: items.length - succeeded };
  }

  private async runOne<T>(id: string, operation: (id: string) => Promise<T>): Promise<BatchItem<T>> {
    try {
      return { id, ok: true, value: await operation(id) };
    } catch (error) {
      if (!(error instanceof DomainError)) this.logger.error({ itemId: id, err: error }, 'batch item failed');
      return { id, ok: false, error };
    }
  }
}
