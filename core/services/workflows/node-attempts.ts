import { backoffBefore, NodeSettings } from '../../domain/workflow/node-settings';
import { NodeTimeoutError } from '../../domain/workflow/workflow.errors';
import { Timers } from '../../ports/timers.port';
import { NodeRunContext, NodeRunResult } from './nodes/node-executor';
import { NodeType } from './nodes/node-type';

export type AttemptsOutcome = { ok: true; result: NodeRunResult; attempts: number } | { ok: false; thrown: unknown; attempts: number };

/**
 * Runs a node under its generic settings: up to `maxAttempts` attempts with a doubling backoff
 * between them, each cut off after `timeoutMs` (its signal aborts, so calls in flight stop). A
 * run that is being stopped (the outer signal aborted) is never retried.
 */
export async function runAttempts(
  nodeType: NodeType,
  context: NodeRunContext,
  settings: NodeSettings,
  timers: Timers,
  onAttempt: (attempt: number) => Promise<void>,
): Promise<AttemptsOutcome> {
  let thrown: unknown;
  for (let attempt = 1; attempt <= settings.maxAttempts; attempt += 1) {
    if (attempt > 1) await timers.sleep(backoffBefore(attempt, settings), context.signal);
    if (context.signal?.aborted) return { ok: false, thrown, attempts: attempt - 1 };
    await onAttempt(attempt);
    try {
      return { ok: true, result: await attemptOnce(nodeType, context, settings.timeoutMs, timers), attempts: attempt };
    } catch (error) {
      thrown = error;
    }
  }
  return { ok: false, thrown, attempts: settings.maxAttempts };
}

async function attemptOnce(nodeType: NodeType, context: NodeRunContext, timeoutMs: number | undefined, timers: Timers): Promise<NodeRunResult> {
  if (timeoutMs === undefined) return nodeType.run(context);
  const attempt = new AbortController();
  const stopAttempt = () => attempt.abort();
  context.signal?.addEventListener('abort', stopAttempt, { once: true });
  const stopTimer = new AbortController();
  try {
    const deadline = timers.sleep(timeoutMs, stopTimer.signal).then(() => {
      if (stopTimer.signal.aborted) return undefined;
      attempt.abort();
      throw new NodeTimeoutError(timeoutMs);
    });
    return await Promise.race([nodeType.run({ ...context, signal: attempt.signal }), deadline as Promise<never>]);
  } finally {
    stopTimer.abort();
    context.signal?.removeEventListener('abort', stopAttempt);
  }
}
