import { isSensitiveHeader } from '../../../domain/tool/sensitive-headers';
import { toolUseCost } from '../../../domain/tool/tool-use-cost';
import { MAX_TEMPLATE_CHARS } from '../../../domain/workflow/template-limits';
import { HttpEgress } from '../../../ports/http-egress.port';
import { decodeBody } from '../../tools/response-body';
import { ToolUseThrottle } from '../../tools/tool-use-throttle.service';
import { HTTP_TOOL_METHODS } from '../../../domain/tool/custom-tool.entity';
import { configObject, templateField } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';
import { httpNodeRequest, MAX_HTTP_TIMEOUT_MS, MAX_URL_CHARS } from './http-node-request';

/** Response bodies past this fail the node (`egress.too_large`). */
export const MAX_HTTP_RESPONSE_BYTES = 1_048_576;

/**
 * One request through the egress guard, which refuses private and non-http(s) targets. Any status
 * is an output `{status, headers, body}` (body JSON-parsed when it is JSON); no answer at all fails
 * the node with the guard's code (`egress.forbidden_target`, `egress.timeout`…). Each request counts
 * against the caller's tool-use rate as a network tool does.
 */
export class HttpNode implements NodeType {
  readonly type = 'http';
  readonly configSchema = configObject(
    {
      method: { enum: [...HTTP_TOOL_METHODS] },
      url: { type: 'string', minLength: 1, maxLength: MAX_URL_CHARS },
      query: { type: 'object', maxProperties: 50, additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: MAX_TEMPLATE_CHARS } },
      headers: { type: 'object', maxProperties: 50, additionalProperties: { type: 'string', maxLength: 4096 } },
      body: { anyOf: [templateField(), { type: ['object', 'array'] }] },
      timeout_ms: { type: 'integer', minimum: 1, maximum: MAX_HTTP_TIMEOUT_MS },
    },
    ['url'],
  );

  constructor(
    private readonly egress: HttpEgress,
    private readonly throttle: Pick<ToolUseThrottle, 'take'>,
  ) {}

  async run({ actor, config, scope, signal }: NodeRunContext): Promise<NodeRunResult> {
    const request = httpNodeRequest(config, scope);
    await this.throttle.take(actor, toolUseCost(['http']));
    const response = await this.egress.request({ ...request, maxBytes: MAX_HTTP_RESPONSE_BYTES, signal });
    // The step is stored and shown: credentials the server sets (set-cookie…) are left out.
    const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => !isSensitiveHeader(name)));
    return { output: { status: response.status, headers, body: decodeBody(response.body, response.headers['content-type']) } };
  }
}
