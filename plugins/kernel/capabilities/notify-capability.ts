import { NotificationGateway } from '../../../core/ports/notification-gateway.port';
import { JsonValue } from '../../../core/shared/json';
import { argsObject, optionalString, requiredString } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';

/** Host-side bounds of the `notify` capability, per tool call. */
export const NOTIFY_CAPABILITY_LIMITS = {
  /** Notifications one tool call may send: a model talked into a loop must not spam. */
  maxCalls: 5,
  maxTimeoutMs: 15_000,
} as const;

/**
 * The host side of `notify.send` (kernel-api.d.ts), run by the core's `Notifier` as the
 * tool's caller: `in_app` lands in the caller's own inbox; `email`, `webhook` and `im` go out
 * through the mailer and the egress guard. The manifest's `channels` list is enforced by the router.
 */
export class NotifyCapability implements CapabilityHandler {
  constructor(private readonly gateway: NotificationGateway) {}

  async handle(_method: string, args: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    if (context.count() > NOTIFY_CAPABILITY_LIMITS.maxCalls) {
      throw new CapabilityError('quota_exceeded', `A tool call may send at most ${NOTIFY_CAPABILITY_LIMITS.maxCalls} notifications`);
    }
    const where = 'notify.send';
    const input = argsObject(args, where);
    const data = input.data ?? undefined;
    if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
      throw new CapabilityError('invalid_argument', `${where}: "data" must be an object`);
    }
    const receipt = await this.gateway.send(
      context.actor,
      {
        channel: optionalString(input, 'channel', where),
        to: optionalString(input, 'to', where),
        title: optionalString(input, 'title', where),
        message: requiredString(input, 'message', where),
        data: data ?? undefined,
        format: optionalString(input, 'format', where),
      },
      { signal: context.signal, timeoutMs: Math.min(context.remainingMs(), NOTIFY_CAPABILITY_LIMITS.maxTimeoutMs) },
    );
    return {
      id: receipt.id,
      delivered: receipt.delivered,
      channel: receipt.channel,
      ...(receipt.status !== undefined ? { status: receipt.status } : {}),
      ...(receipt.detail !== undefined ? { detail: receipt.detail } : {}),
    };
  }
}
