/**
 * `kernel:api` for unit tests that import a tool's module directly (jest maps the name here): the
 * SDK's two error classes, as `plugins/kernel/sandbox/worker/bootstrap-source.js` defines them.
 * Capabilities are not doubled: code that calls one belongs in an integration test on the real kernel.
 */
export class KernelError extends Error {
  override readonly name = 'KernelError';

  constructor(
    readonly capability: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class ToolError extends Error {
  override readonly name = 'ToolError';

  constructor(
    readonly reason: string,
    message: string,
  ) {
    if (!/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/.test(reason) || reason.length > 64) throw new TypeError(`ToolError: bad reason ${JSON.stringify(reason)}`);
    super(message);
  }
}
