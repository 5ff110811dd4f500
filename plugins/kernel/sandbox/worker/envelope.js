'use strict';
/**
 * Reads what a call's entry point returns: `<header JSON>` or `<header JSON>\n<output JSON>`.
 * The isolate is not trusted, so every field is re-checked here: types, sizes, log bounds,
 * and failure codes a plugin could only have earned by a kernel error the worker really raised.
 */

/** Codes that stand only when the worker raised that kernel error during this call. */
const KERNEL_OUTCOMES = new Set(['capability_denied', 'unavailable', 'timeout', 'quota_exceeded']);
const PLUGIN_OUTCOMES = new Set(['runtime_error', 'invalid_output']);
/** A tool's failure reason (`ToolError`): snake_case, at most 64 characters. */
const REASON = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const MAX_REASON_LENGTH = 64;
/** The one reason that is an outcome code of its own: arguments the input schema could not refuse. */
const INVALID_INPUT = 'invalid_input';

/**
 * The caps the bootstrap writes within (sandbox-worker.js's `options.bootstrap`).
 * @typedef {{ maxOutputChars: number, maxLogLines: number, maxLogChars: number }} BootstrapLimits
 */
/** @typedef {{ level: string, message: string }} LogLine */
/** @typedef {{ code: string, message: string, reason?: string }} Failure */
/**
 * A call's envelope once re-checked; the output stays JSON text.
 * @typedef {{ ok: boolean, output?: string, error?: Failure, logs: LogLine[], logUsed?: boolean }} DecodedEnvelope
 */
/**
 * What the isolate wrote, as parsed: any field may be missing or of any type.
 * @typedef {{ ok?: unknown, code?: unknown, message?: unknown, reason?: unknown, logs?: unknown, dropped?: unknown, logUsed?: unknown }} RawHeader
 */

/**
 * @param {unknown} envelope what the entry point returned
 * @param {{ kernelCodes: Set<string> }} call
 * @param {{ bootstrap: BootstrapLimits }} options
 * @returns {DecodedEnvelope}
 */
function decodeEnvelope(envelope, call, options) {
  if (typeof envelope !== 'string') {
    return { ok: false, error: { code: 'runtime_error', message: 'The tool did not return through the kernel' }, logs: [] };
  }
  const newline = envelope.indexOf('\n');
  const header = decodeHeader(newline < 0 ? envelope : envelope.slice(0, newline), options.bootstrap);
  if (!header) return { ok: false, error: { code: 'runtime_error', message: 'The tool returned a malformed envelope' }, logs: [] };
  const logs = sanitizeLogs(header.logs, header.dropped, options.bootstrap);
  const logUsed = header.logUsed === true;
  if (header.ok === true) {
    const output = newline < 0 ? '' : envelope.slice(newline + 1);
    if (output.length === 0 || output.length > options.bootstrap.maxOutputChars) {
      const message = output.length === 0 ? 'The tool returned no output' : 'The output is larger than the limit';
      return { ok: false, error: { code: 'invalid_output', message }, logs, logUsed };
    }
    return { ok: true, output, logs, logUsed };
  }
  return { ok: false, error: failureOf(header, call), logs, logUsed };
}

/**
 * A failed call's code, message and reason. The reason (a `ToolError`'s, or an uncaught
 * `KernelError`'s code) refines `runtime_error` only, and only when it is a short snake_case
 * string; `invalid_input` is no reason but the outcome code of that name.
 * @param {RawHeader} header
 * @param {{ kernelCodes: Set<string> }} call
 * @returns {Failure}
 */
function failureOf(header, call) {
  const code = outcomeCode(header.code, call);
  const message = clip(String(header.message), 1000);
  if (code !== 'runtime_error' || !isReason(header.reason)) return { code, message };
  if (header.reason === INVALID_INPUT) return { code: INVALID_INPUT, message };
  return { code, reason: header.reason, message };
}

/**
 * @param {unknown} value
 * @returns {value is string}
 */
function isReason(value) {
  return typeof value === 'string' && value.length <= MAX_REASON_LENGTH && REASON.test(value);
}

/**
 * @param {unknown} code
 * @param {{ kernelCodes: Set<string> }} call
 * @returns {string}
 */
function outcomeCode(code, call) {
  if (typeof code !== 'string') return 'runtime_error';
  if (PLUGIN_OUTCOMES.has(code)) return code;
  if (KERNEL_OUTCOMES.has(code) && call.kernelCodes.has(code)) return code;
  return 'runtime_error';
}

/**
 * The longest header an isolate can honestly write: every log line at its cap, each character
 * escaped (`\u0000` is six), plus a failure message. The bootstrap refuses to write more and
 * the worker refuses to read more.
 * @param {{ maxLogLines: number, maxLogChars: number }} limits
 * @returns {number}
 */
function maxHeaderChars(limits) {
  return limits.maxLogLines * ((limits.maxLogChars + 1) * 6 + 64) + 16 * 1024;
}

/**
 * @param {unknown} text
 * @param {BootstrapLimits} limits
 * @returns {RawHeader | undefined}
 */
function decodeHeader(text, limits) {
  if (typeof text !== 'string' || text.length > maxHeaderChars(limits)) return undefined;
  try {
    const header = JSON.parse(text);
    return typeof header === 'object' && header !== null && !Array.isArray(header) ? header : undefined;
  } catch {
    return undefined;
  }
}

const LEVELS = new Set(['debug', 'info', 'warn', 'error', 'log']);

/**
 * @param {unknown} raw
 * @param {unknown} dropped
 * @param {BootstrapLimits} limits
 * @returns {LogLine[]}
 */
function sanitizeLogs(raw, dropped, limits) {
  if (!Array.isArray(raw)) return [];
  /** @type {LogLine[]} */
  const logs = raw.slice(0, limits.maxLogLines).map((line) => ({
    level: line && LEVELS.has(line.level) ? line.level : 'log',
    message: clip(String(line && line.message), limits.maxLogChars + 1),
  }));
  if (typeof dropped === 'number' && dropped > 0) {
    logs.push({ level: 'warn', message: `${Math.floor(dropped)} more log lines were dropped` });
  }
  return logs;
}

/**
 * @param {string} text
 * @param {number} max
 */
function clip(text, max) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * A message fit to leave the worker: isolated-vm errors carry no host stack in `message`.
 * @param {unknown} error
 * @returns {string}
 */
function messageOf(error) {
  try {
    const text = error instanceof Error ? String(error.message) : String(error);
    return clip(text.split('\n')[0], 1000);
  } catch {
    return 'unknown error';
  }
}

/**
 * What a failed load reports (init() threw, no default export…), re-checked like a call's envelope.
 * @param {unknown} text
 * @param {BootstrapLimits} limits
 * @returns {{ failure: Failure, logs: LogLine[] }}
 */
function decodeLoadFailure(text, limits) {
  const header = decodeHeader(text, limits);
  const message = header ? clip(String(header.message), 1000) : 'The plugin failed to load';
  return { failure: { code: 'runtime_error', message }, logs: header ? sanitizeLogs(header.logs, header.dropped, limits) : [] };
}

module.exports = { decodeEnvelope, decodeHeader, decodeLoadFailure, maxHeaderChars, messageOf };
