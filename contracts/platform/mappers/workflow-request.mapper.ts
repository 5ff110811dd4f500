import { WorkflowPayloadInput } from '../../../core/domain/workflow/workflow-payload';
import { ExecutionRequest } from '../../../core/services/executions/execution-starter.service';
import { JsonValue } from '../../../core/shared/json';
import { WorkflowExecuteRequest, WorkflowPayloadRequest } from '../dto/workflow.dto';

/** Only the payload fields: whatever else a body holds (ids, owner, version, times) never reaches the core. */
export function toWorkflowPayloadInput(body: WorkflowPayloadRequest): WorkflowPayloadInput {
  return { name: body.name, description: body.description, nodes: body.nodes, edges: body.edges };
}

export function toWorkflowExecutionRequest(body: WorkflowExecuteRequest): ExecutionRequest {
  // A parsed JSON body holds JSON values only.
  return { input: (body.input ?? {}) as JsonValue, options: {}, async: body.async === true };
}
