import { SingleNodeRequest, SingleNodeResult } from '../../../core/services/workflows/single-node-runner.service';
import { JsonValue } from '../../../core/shared/json';
import { NodeRunRequest, NodeRunResponse } from '../dto/node-run.dto';

/** The body is parsed JSON, so its config and inputs are JSON values. */
export function toSingleNodeRequest(body: NodeRunRequest): SingleNodeRequest {
  const inputs = body.inputs;
  return {
    type: body.type,
    config: body.config as JsonValue | undefined,
    inputs: inputs && {
      input: inputs.input as JsonValue | undefined,
      nodes: inputs.nodes as Record<string, JsonValue> | undefined,
      last: inputs.last as JsonValue | undefined,
    },
  };
}

export function toNodeRunResponse(result: SingleNodeResult): NodeRunResponse {
  return { status: result.status, output: result.output, branch: result.branch, error: result.error, duration_ms: result.durationMs };
}
