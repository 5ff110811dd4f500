import { DataSourceSummary } from '../../../core/domain/data-source/data-source.entity';
import { DataSourceGateway } from '../../../core/ports/data-source-gateway.port';
import { JsonObject, JsonValue } from '../../../core/shared/json';
import { argsObject, optionalNumber, requiredString } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';

/** Host-side bounds of the `datasource` capability, per tool call. */
export const DATASOURCE_CAPABILITY_LIMITS = {
  /** Capability calls one tool call may make. */
  maxCalls: 20,
  maxQueryChars: 100_000,
  /** A query never runs longer than this, nor past the tool call's own deadline. */
  maxTimeoutMs: 30_000,
  /** JSON characters of one answer: well under the 1 MB a tool may return, so a wide result is `truncated`, not `invalid_output`. */
  maxAnswerChars: 512_000,
} as const;

/**
 * The host side of `datasource` (kernel-api.d.ts): `list`, `resolve` and `query`, run by the
 * core's data-source use cases as the tool's caller, so only the caller's data sources are reachable.
 */
export class DatasourceCapability implements CapabilityHandler {
  constructor(private readonly gateway: DataSourceGateway) {}

  async handle(method: string, args: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    if (context.count() > DATASOURCE_CAPABILITY_LIMITS.maxCalls) {
      throw new CapabilityError('quota_exceeded', `A tool call may use datasource at most ${DATASOURCE_CAPABILITY_LIMITS.maxCalls} times`);
    }
    const input = argsObject(args, `datasource.${method}`);
    if (method === 'list') {
      const items = await this.gateway.list(context.actor);
      return { items: items.map(summaryOf) };
    }
    if (method === 'resolve') {
      const items = await this.gateway.list(context.actor);
      return summaryOf(resolve(items, requiredString(input, 'name', 'datasource.resolve')));
    }
    return this.query(input, context);
  }

  private async query(input: JsonObject, context: CapabilityCallContext): Promise<JsonValue> {
    const where = 'datasource.query';
    const query = requiredString(input, 'query', where);
    if (query.length > DATASOURCE_CAPABILITY_LIMITS.maxQueryChars) {
      throw new CapabilityError('too_large', `${where}: the query is longer than ${DATASOURCE_CAPABILITY_LIMITS.maxQueryChars} characters`);
    }
    const params = input.params ?? [];
    if (!Array.isArray(params)) throw new CapabilityError('invalid_argument', `${where}: "params" must be an array`);
    const timeoutMs = Math.min(context.remainingMs(), DATASOURCE_CAPABILITY_LIMITS.maxTimeoutMs);
    if (timeoutMs < 100) throw new CapabilityError('timeout', `${where}: the tool call has no time left for a query`);
    const result = await this.gateway.query(context.actor, {
      dataSourceId: requiredString(input, 'datasourceId', where),
      query,
      params,
      maxRows: optionalNumber(input, 'maxRows', where),
      maxChars: DATASOURCE_CAPABILITY_LIMITS.maxAnswerChars,
      timeoutMs,
      signal: context.signal,
    });
    return { columns: result.columns, rows: result.rows, truncated: result.truncated };
  }
}

function summaryOf({ id, name, type }: DataSourceSummary): JsonValue {
  return { id, name, type };
}

/**
 * The data source a caller (often a model) means: its id, its exact name, or a name differing
 * only in case when exactly one matches. Otherwise the error lists what there is, so the model
 * can retry with a name that exists.
 */
function resolve(items: DataSourceSummary[], wanted: string): DataSourceSummary {
  const exact = items.find((item) => item.id === wanted || item.name === wanted);
  if (exact) return exact;
  const folded = items.filter((item) => item.name.toLowerCase() === wanted.toLowerCase());
  if (folded.length === 1) return folded[0];
  const available = items.map((item) => `"${item.name}" (${item.type})`).join(', ');
  throw new CapabilityError('not_found', `No data source "${wanted}". ${available ? `Available: ${available}.` : 'The user has no data sources.'}`);
}
