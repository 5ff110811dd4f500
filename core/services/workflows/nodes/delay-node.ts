import { Timers } from '../../../ports/timers.port';
import { numberField } from './node-config';
import { configObject } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';
import { NodeType } from './node-type';

/** A delay holds a worker (and, on RabbitMQ, an unacknowledged job) while it waits, so it is short. */
export const MAX_DELAY_MS = 60_000;

/** Waits `ms`, then hands its predecessor's output on; a cancelled run stops the wait at once. */
export class DelayNode implements NodeType {
  readonly type = 'delay';
  readonly configSchema = configObject({ ms: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS } }, ['ms']);

  constructor(private readonly timers: Pick<Timers, 'sleep'>) {}

  async run({ config, scope, signal }: NodeRunContext): Promise<NodeRunResult> {
    const ms = numberField(config, 'ms');
    if (ms === undefined || !Number.isInteger(ms) || ms < 0 || ms > MAX_DELAY_MS) {
      throw new NodeFailure('workflow.invalid_node', `The delay must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`);
    }
    await this.timers.sleep(ms, signal);
    if (signal?.aborted) throw new NodeFailure('workflow.cancelled', 'The run was cancelled');
    return { output: scope.last };
  }
}
