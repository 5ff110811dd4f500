import { ExecutionRequest } from '../../../core/services/executions/execution-starter.service';
import { ValidationError } from '../../../core/shared/common.errors';
import { JsonValue } from '../../../core/shared/json';
import { AgentExecuteRequest } from '../dto/execution.dto';

export function toExecutionRequest(body: AgentExecuteRequest): ExecutionRequest {
  if (body.input === undefined) throw new ValidationError('The execution request is not valid', [{ field: 'input', message: 'is required' }]);
  return {
    // A parsed JSON body holds JSON values only.
    input: body.input as JsonValue,
    mode: body.mode,
    options: {
      // Rounds mean something to a debate only; other modes ignore them.
      ...(body.rounds === undefined || body.mode !== 'debate' ? {} : { rounds: body.rounds }),
      ...(body.session_id === undefined ? {} : { sessionId: body.session_id }),
    },
    async: body.async === true,
  };
}
