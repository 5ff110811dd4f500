import { ErrorResponse } from './error.dto';
import { WorkflowExportResponse } from './workflow.dto';

/** `POST /batch/export` and `POST /batch/delete`. */
export interface BatchWorkflowsRequest {
  /** 1 to 100 workflow UUIDs (any letter case), none repeated; each is answered by one item, in this order. */
  workflow_ids: string[];
}

/** `POST /batch/execute`. */
export interface BatchExecuteRequest extends BatchWorkflowsRequest {
  /** Every run's input, as for `POST /workflows/{id}/execute`. Default `{}`. */
  input?: unknown;
}

interface BatchItemBody {
  /** The id as sent, in lower case. */
  workflow_id: string;
  success: boolean;
  /** Only when `success` is false: what the single endpoint would have answered (`not_found`, `rate_limited`, …). */
  error?: ErrorResponse;
}

export interface BatchExecuteItem extends BatchItemBody {
  /** Only when `success`: the `pending` execution, to follow at `GET /executions/{id}`. */
  execution_id?: string;
}

export interface BatchExportItem extends BatchItemBody {
  /** Only when `success`: the file `GET /workflows/{id}/export` answers. */
  export?: WorkflowExportResponse;
}

export type BatchDeleteItem = BatchItemBody;

export interface BatchExecuteResponse {
  items: BatchExecuteItem[];
  succeeded: number;
  failed: number;
}

export interface BatchExportResponse {
  items: BatchExportItem[];
  succeeded: number;
  failed: number;
}

export interface BatchDeleteResponse {
  items: BatchDeleteItem[];
  succeeded: number;
  failed: number;
}
