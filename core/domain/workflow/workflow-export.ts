import { WorkflowPayload } from './workflow-payload';

/**
 * What `GET /workflows/{id}/export` writes: the body fields of a create, the version they are,
 * and when. `POST /workflows/import` reads only the body fields back.
 */
export interface WorkflowExport {
  version: number;
  exportedAt: Date;
  payload: WorkflowPayload;
}
