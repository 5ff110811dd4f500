import { CapabilityName } from '../../../core/domain/tool/tool-descriptor';
import { DomainError } from '../../../core/shared/domain-error';
import { JsonObject, JsonValue } from '../../../core/shared/json';
import { KernelLogger, silentLogger } from '../kernel-logger';
import { CapabilityError, KernelErrorCode } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';
import { CAPABILITY_METHODS } from './capability-methods';
import { CapabilityScope } from './capability-scope';

/** Every capability but `log`, which the worker answers itself. */
export type RoutedCapability = Exclude<CapabilityName, 'log'>;

/**
 * The host end of every capability call from the sandbox: checks the grant again (the
 * worker already did), the method, the manifest's narrowing lists, then hands the call to
 * the registered handler and turns the answer into `1<json>` / `0<{code,message}>`.
 */
export class CapabilityRouter {
  private readonly handlers = new Map<RoutedCapability, CapabilityHandler>();

  constructor(private readonly logger: KernelLogger = silentLogger) {}

  /** Installs the host side of a capability; the composition root installs all of them from one list (adapters/composition/kernel-capabilities.ts). */
  register(name: RoutedCapability, handler: CapabilityHandler): void {
    this.handlers.set(name, handler);
  }

  has(name: RoutedCapability): boolean {
    return this.handlers.has(name);
  }

  async handle(scope: CapabilityScope, capability: string, method: string, argsJson: string): Promise<string> {
    try {
      const value = await this.dispatch(scope, capability, method, argsJson);
      return `1${JSON.stringify(value ?? null)}`;
    } catch (error) {
      const { code, message } = this.toKernelError(error, capability);
      return `0${JSON.stringify({ code, message })}`;
    }
  }

  private async dispatch(scope: CapabilityScope, capability: string, method: string, argsJson: string): Promise<JsonValue> {
    if (!isRouted(capability)) throw new CapabilityError('invalid_argument', `Unknown capability "${capability}"`);
    const grant = scope.grants[capability] as JsonObject | undefined;
    if (grant === undefined) {
      throw new CapabilityError('capability_denied', `The manifest does not declare the "${capability}" capability`);
    }
    if (!CAPABILITY_METHODS[capability].includes(method)) {
      throw new CapabilityError('invalid_argument', `${capability} has no method "${method}"`);
    }
    const handler = this.handlers.get(capability);
    if (!handler) throw new CapabilityError('unavailable', `The ${capability} capability is not available on this host`);
    if (scope.signal.aborted) throw new CapabilityError('unavailable', 'The tool call has ended');
    const args = parseArgs(argsJson, capability, method);
    checkNarrowing(capability, grant, args);
    scope.used.add(capability);
    return handler.handle(method, args, this.context(scope, capability, grant));
  }

  private context(scope: CapabilityScope, capability: RoutedCapability, grant: JsonObject): CapabilityCallContext {
    return {
      pluginId: scope.pluginId,
      publisher: scope.publisher,
      actor: scope.actor,
      grant,
      signal: scope.signal,
      budget: scope.budget,
      executionId: scope.executionId,
      remainingMs: () => Math.max(0, scope.deadline - Date.now()),
      count: (key) => countUse(scope, key === undefined ? capability : `${capability}:${key}`),
      alsoUses: (other) => {
        const otherGrant = scope.grants[other] as JsonObject | undefined;
        if (otherGrant === undefined) return undefined;
        scope.used.add(other);
        return { grant: otherGrant, count: () => countUse(scope, other) };
      },
    };
  }

  private toKernelError(error: unknown, capability: string): { code: KernelErrorCode; message: string } {
    if (error instanceof CapabilityError) return { code: error.code, message: error.message };
    if (error instanceof DomainError) return { code: domainCode(error.code), message: error.message };
    this.logger.error({ capability, err: error }, 'capability handler failed');
    return { code: 'upstream_error', message: `The ${capability} capability failed` };
  }
}

function countUse(scope: CapabilityScope, name: string): number {
  const next = (scope.counts.get(name) ?? 0) + 1;
  scope.counts.set(name, next);
  return next;
}

function parseArgs(argsJson: string, capability: string, method: string): JsonValue {
  try {
    return JSON.parse(argsJson) as JsonValue;
  } catch {
    throw new CapabilityError('invalid_argument', `${capability}.${method}: the arguments are not JSON`);
  }
}

function isRouted(name: string): name is RoutedCapability {
  return Object.prototype.hasOwnProperty.call(CAPABILITY_METHODS, name);
}

/** `platform.actions` and `notify.channels` narrow what the handler may be asked for. */
function checkNarrowing(capability: RoutedCapability, grant: JsonObject, args: JsonValue): void {
  const object = typeof args === 'object' && args !== null && !Array.isArray(args) ? args : {};
  if (capability === 'platform' && Array.isArray(grant.actions) && !grant.actions.includes(object.action ?? null)) {
    throw new CapabilityError('capability_denied', `The manifest does not allow the platform action "${String(object.action)}"`);
  }
  if (capability === 'notify' && Array.isArray(grant.channels) && !grant.channels.includes(object.channel ?? 'in_app')) {
    throw new CapabilityError('capability_denied', `The manifest does not allow the notify channel "${String(object.channel ?? 'in_app')}"`);
  }
}

/** Port and service errors by their stable code (`<aggregate>.<reason>`), never by class. */
function domainCode(code: string): KernelErrorCode {
  const reason = code.slice(code.lastIndexOf('.') + 1);
  if (code === 'quota.exceeded' || reason === 'quota_exceeded') return 'quota_exceeded';
  if (code === 'llm.budget_exceeded' || reason === 'rate_limited' || reason === 'upstream_rate_limited') return 'quota_exceeded';
  // A user's daily allowance (`quota.exceeded`: e-mails, schedules) spent by this call.
  if (reason === 'exceeded') return 'quota_exceeded';
  if (reason === 'forbidden_target') return 'forbidden_target';
  if (reason === 'too_large' || reason === 'payload_too_large') return 'too_large';
  if (reason === 'timeout' || reason === 'upstream_timeout') return 'timeout';
  if (reason === 'not_found') return 'not_found';
  if (reason === 'conflict') return 'conflict';
  if (reason === 'forbidden' || reason === 'unauthorized') return 'capability_denied';
  if (reason === 'validation' || reason === 'bad_request' || reason === 'invalid') return 'invalid_argument';
  if (reason === 'unavailable') return 'unavailable';
  return 'upstream_error';
}
