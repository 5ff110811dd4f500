import { BatchItem, BatchOutcome } from '../../../core/domain/batch/batch-outcome';
import { Execution } from '../../../core/domain/execution/execution.entity';
import { WorkflowExport } from '../../../core/domain/workflow/workflow-export';
import { BatchDeleteResponse, BatchExecuteResponse, BatchExportResponse } from '../dto/batch.dto';
import { ErrorResponse } from '../dto/error.dto';
import { renderPlatformError } from '../errors/platform-error-handler';
import { toWorkflowExportResponse } from './workflow.mapper';

export function toBatchExecuteResponse(outcome: BatchOutcome<Execution>): BatchExecuteResponse {
  return toBatchResponse(outcome, (execution) => ({ execution_id: execution.id }));
}

export function toBatchExportResponse(outcome: BatchOutcome<WorkflowExport>): BatchExportResponse {
  return toBatchResponse(outcome, (file) => ({ export: toWorkflowExportResponse(file) }));
}

export function toBatchDeleteResponse(outcome: BatchOutcome<void>): BatchDeleteResponse {
  return toBatchResponse(outcome, () => ({}));
}

function toBatchResponse<T, Extra extends object>(outcome: BatchOutcome<T>, success: (value: T) => Extra) {
  return { items: outcome.items.map((item) => toBatchItem(item, success)), succeeded: outcome.succeeded, failed: outcome.failed };
}

function toBatchItem<T, Extra extends object>(item: BatchItem<T>, success: (value: T) => Extra) {
  if (item.ok) return { workflow_id: item.id, success: true, ...success(item.value) };
  return { workflow_id: item.id, success: false, error: toItemError(item.error) };
}

/** The body the single endpoint would have answered for this error. */
function toItemError(error: unknown): ErrorResponse {
  return renderPlatformError(error).body;
}
