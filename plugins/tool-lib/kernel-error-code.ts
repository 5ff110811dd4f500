// Codes the kernel keeps as the tool call's own outcome code when their KernelError is rethrown
// unchanged; every other capability error would surface as a bare `runtime_error` message.
const KERNEL_OUTCOMES = ['capability_denied', 'unavailable', 'timeout', 'quota_exceeded'];

/**
 * What to rethrow for a failed capability call: the KernelError itself when the kernel keeps
 * its code, else an Error whose message starts with the code (`conflict: …`, `not_found: …`),
 * so the model reading the failed call knows what kind of failure it was.
 */
export function withKernelCode(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string' || KERNEL_OUTCOMES.includes(code)) return error;
  return new Error(`${code}: ${message}`);
}
