'use strict';
/**
 * Source of the script that runs first in every new context, before the plugin's code. Its
 * value is an install function the worker calls once with the host Reference and the
 * plugin's constants (grants, caps): it builds `kernel:api` for the grants, console and
 * timers, and returns the entry point (`entry('prepare' | 'invoke' | 'flush', input)`). Neither
 * the install function nor the entry point is ever reachable from plugin code. The source is
 * the same for every plugin, so each worker compiles it once and reuses V8's code cache.
 *
 * A context is warm: it serves every call of one user to one plugin version, one call at a
 * time (see isolate-slot.js). Each call opens a new generation; host answers and timers of an
 * earlier generation never settle, so code a call left behind cannot run inside a later call.
 *
 * Everything here runs INSIDE the isolate. It is not a trust boundary: the worker and the
 * host re-check all it reports. It captures intrinsics up front so a plugin that patches
 * JSON, Reflect or prototypes can only break itself, and passes null-prototype option
 * objects to isolated-vm so a polluted Object.prototype cannot turn copies into References.
 */

const { ENCODING_POLYFILLS } = require('./encoding-polyfills');
const { KERNEL_API_SOURCE } = require('./kernel-api-source');
const { LEFTOVER_GUARDS } = require('./leftover-guards');
const { maxHeaderChars } = require('./envelope');

/**
 * The install function's second argument. `remote` is the host's capability method table
 * (plugins/kernel/capabilities/capability-methods.ts, sent in the worker's start options):
 * `kernel:api` is built from it, so the worker keeps no list of its own (without one,
 * `kernel:api` has no capability methods at all).
 * @param {{ grants: string[], remote?: Record<string, string[]>, maxOutputChars: number, maxLogLines: number, maxLogChars: number }} options
 * @returns {string}
 */
function bootstrapConstants(options) {
  return JSON.stringify({
    grants: options.grants,
    maxOutputChars: options.maxOutputChars,
    maxLogLines: options.maxLogLines,
    maxLogChars: options.maxLogChars,
    maxHeaderChars: maxHeaderChars(options),
    remote: options.remote || {},
  });
}

const BOOTSTRAP_SOURCE = `(function install(host, constantsJson) {
'use strict';
const G = globalThis;
const K = JSON.parse(constantsJson);
const hostApply = host.apply;
const RApply = Reflect.apply;
const parse = JSON.parse;
const stringify = JSON.stringify;
const StringCtor = String;
const ObjectFreeze = Object.freeze;
const ObjectKeys = Object.keys;
const PromiseCtor = Promise;
const promiseThen = Promise.prototype.then;
const PromiseReject = Promise.reject.bind(Promise);
const PromiseResolve = Promise.resolve.bind(Promise);
const ErrorCtor = Error;
const TypeErrorCtor = TypeError;
const ObjectDefineProperty = Object.defineProperty;
const regexTest = RegExp.prototype.test;
const weakAdd = WeakSet.prototype.add;
const weakHas = WeakSet.prototype.has;
const kernelErrors = new WeakSet();
const toolErrors = new WeakSet();
const arrayPush = Array.prototype.push;
const arrayJoin = Array.prototype.join;
const arrayMap = Array.prototype.map;
const strSlice = String.prototype.slice;
const strIndexOf = String.prototype.indexOf;
const CALL_OPTIONS = { __proto__: null, arguments: { __proto__: null, copy: true }, result: { __proto__: null, promise: true, copy: true } };
const granted = { __proto__: null };
for (const name of K.grants) granted[name] = true;
// 'init' while the context loads, 'call' during a call, 'idle' between calls. A host answer or
// timer belongs to the generation (call) that started it: once that call has ended it never
// settles, so code chained on it never runs, neither between calls nor inside a later one.
let phase = 'init';
let generation = 0;
const NEVER = function () { return new PromiseCtor(function () {}); };
if (typeof Atomics === 'object' && Atomics !== null) delete Atomics.waitAsync;
// Work the module started while loading that finished between calls: run when the next call starts.
let deferred = [];
${LEFTOVER_GUARDS}

class KernelError extends ErrorCtor {
  constructor(capability, code, message) {
    super(message);
    this.name = 'KernelError';
    this.code = code;
    this.capability = capability;
  }
}
function kernelError(capability, code, message) {
  const error = new KernelError(capability, code, message);
  RApply(weakAdd, kernelErrors, [error]);
  return error;
}

// A tool's own failure reason: snake_case, at most 64 characters. The worker checks it again
// (envelope.js); refusing it here tells the author at once, where the mistake is.
const REASON = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
function isReason(value) {
  return typeof value === 'string' && value.length <= 64 && RApply(regexTest, REASON, [value]);
}
class ToolError extends ErrorCtor {
  constructor(reason, message) {
    if (!isReason(reason)) {
      throw new TypeErrorCtor('ToolError: the reason must be a snake_case string of at most 64 characters, such as "invalid_pattern"');
    }
    super(message);
    this.name = 'ToolError';
    ObjectDefineProperty(this, 'reason', { value: reason, enumerable: true, writable: false, configurable: false });
    RApply(weakAdd, toolErrors, [this]);
  }
}

function callHost(capability, method, payload) {
  let args;
  try {
    args = stringify(payload === undefined ? {} : payload);
  } catch (e) {
    return PromiseReject(kernelError(capability, 'invalid_argument', capability + '.' + method + ': arguments must be JSON values'));
  }
  if (typeof args !== 'string') args = 'null';
  if (phase === 'idle') return NEVER();
  const own = generation;
  const pending = RApply(hostApply, host, [undefined, [capability, method, args], CALL_OPTIONS]);
  return RApply(promiseThen, pending, [function (text) {
    if (own !== generation || phase === 'idle') return NEVER();
    const body = parse(RApply(strSlice, text, [1]));
    if (text[0] === '1') return body;
    throw kernelError(capability, body.code, body.message);
  }, function () {
    if (own !== generation || phase === 'idle') return NEVER();
    throw kernelError(capability, 'unavailable', 'The host did not answer');
  }]);
}

const logs = [];
let dropped = 0;
let logUsed = false;
function describe(value) {
  if (typeof value === 'string') return value;
  if (value instanceof ErrorCtor) return StringCtor(value.name) + ': ' + StringCtor(value.message);
  try {
    const text = stringify(value);
    return typeof text === 'string' ? text : StringCtor(value);
  } catch (e) {
    try { return StringCtor(value); } catch (e2) { return '[unprintable]'; }
  }
}
function pushLog(level, args) {
  if (logs.length >= K.maxLogLines) { dropped += 1; return; }
  let message = RApply(arrayJoin, RApply(arrayMap, args, [describe]), [' ']);
  if (message.length > K.maxLogChars) message = RApply(strSlice, message, [0, K.maxLogChars]) + '…';
  RApply(arrayPush, logs, [{ level: level, message: message }]);
}
function consoleMethod(level) {
  return function () { pushLog(level, [...arguments]); };
}
G.console = ObjectFreeze({
  log: consoleMethod('log'), info: consoleMethod('info'), warn: consoleMethod('warn'),
  error: consoleMethod('error'), debug: consoleMethod('debug'), trace: consoleMethod('debug'),
});

function logMethod(level) {
  return function (message, data) {
    if (!granted.log) throw kernelError('log', 'capability_denied', 'The manifest does not declare the "log" capability');
    logUsed = true;
    pushLog(level, data === undefined ? [message] : [message, data]);
  };
}

let timerSeq = 0;
// Reset by every call: timers of earlier calls never fire, so their ids need no entry.
let cancelledTimers = { __proto__: null };
G.setTimeout = function (fn, ms) {
  const extra = [...arguments].slice(2);
  const id = ++timerSeq;
  if (phase === 'idle') return id;
  const own = generation;
  const delay = typeof ms === 'number' && ms > 0 ? ms : 0;
  const pending = RApply(hostApply, host, [undefined, ['timers', 'sleep', stringify(delay)], CALL_OPTIONS]);
  RApply(promiseThen, pending, [function () {
    if (own !== generation || phase === 'idle' || cancelledTimers[id]) return;
    if (typeof fn === 'function') RApply(fn, undefined, extra);
  }, function () {}]);
  return id;
};
G.clearTimeout = function (id) { cancelledTimers[id] = true; };
G.queueMicrotask = function (fn) { RApply(promiseThen, PromiseResolve(), [function () { fn(); }]); };

${ENCODING_POLYFILLS}

${KERNEL_API_SOURCE}

let pluginExports;
let main;
G.__kernel_define = function (factory) {
  delete G.__kernel_define;
  const module = { exports: {} };
  const requireModule = function (name) {
    if (name === 'kernel:api') return API;
    throw new ErrorCtor('Cannot load "' + StringCtor(name) + '" in the sandbox: only kernel:api is available');
  };
  RApply(factory, module.exports, [module, module.exports, requireModule]);
  pluginExports = module.exports;
};

// The header is written by hand: JSON.stringify of an object would consult the plugin's
// Object.prototype.toJSON (or getters), which could make it any size and carry it past the
// output cap. Only strings, numbers and booleans the kernel made go in, and stringify of a
// string primitive consults nothing.
const TOO_LARGE_HEADER = '{"ok":false,"code":"runtime_error","message":"The tool wrote more log text than fits the envelope","logs":[],"dropped":0,"logUsed":false}';
function header(ok, code, message, reason) {
  let text = '{"ok":' + (ok ? 'true' : 'false');
  if (!ok) text += ',"code":' + stringify(code) + ',"message":' + stringify(message);
  if (!ok && isReason(reason)) text += ',"reason":' + stringify(reason);
  text += ',"logs":[';
  for (let i = 0; i < logs.length; i += 1) {
    text += (i === 0 ? '' : ',') + '{"level":' + stringify(logs[i].level) + ',"message":' + stringify(logs[i].message) + '}';
  }
  text += '],"dropped":' + dropped + ',"logUsed":' + (logUsed ? 'true' : 'false') + '}';
  return text.length > K.maxHeaderChars ? TOO_LARGE_HEADER : text;
}
function failed(code, message, reason) {
  return header(false, code, message, reason);
}
function messageOf(error) {
  try {
    const text = error instanceof ErrorCtor ? StringCtor(error.message) : StringCtor(error);
    return text.length > 1000 ? RApply(strSlice, text, [0, 1000]) + '…' : text;
  } catch (e) {
    return 'the tool threw an unprintable value';
  }
}
function failure(error, prefix) {
  return failed(kernelCodeOf(error), prefix + messageOf(error), reasonOf(error));
}
// The machine-readable why of a failure: a ToolError's reason, or an uncaught KernelError's code
// (the worker keeps it only where the outcome code is runtime_error).
function reasonOf(error) {
  try {
    if (typeof error !== 'object' || error === null) return undefined;
    if (RApply(weakHas, toolErrors, [error])) return error.reason;
    if (RApply(weakHas, kernelErrors, [error])) return error.code;
    return undefined;
  } catch (e) {
    return undefined;
  }
}
// A kernel error's code is writable by the plugin that caught it: only a short string stands.
function kernelCodeOf(error) {
  try {
    const isKernel = typeof error === 'object' && error !== null && RApply(weakHas, kernelErrors, [error]);
    const code = isKernel ? error.code : undefined;
    return typeof code === 'string' && code.length <= 64 ? code : 'runtime_error';
  } catch (e) {
    return 'runtime_error';
  }
}

async function prepare() {
  if (pluginExports === undefined) return failed('runtime_error', 'The plugin bundle did not define a module');
  const exp = pluginExports;
  main = exp !== null && typeof exp.default === 'function' ? exp.default : typeof exp === 'function' ? exp : undefined;
  if (main === undefined) return failed('runtime_error', 'The plugin has no default export function');
  if (exp !== null && typeof exp.init === 'function') {
    try { await exp.init(); } catch (e) { return failure(e, 'init() failed: '); }
  }
  return '';
}

async function invoke(inputJson) {
  const envelope = await respond(inputJson);
  phase = 'idle';
  return envelope;
}

// The one entry point, returned to the worker only. 'flush' does nothing: the worker runs it as an
// empty task, to take unhandled rejections an earlier call's asynchronous part left (isolated-vm
// reports them on the isolate's next task, whoever's it is) and to let V8's queued tasks run.
const entry = function (kind, inputJson) {
  if (kind === 'invoke') return invoke(inputJson);
  if (kind === 'prepare') return prepare();
  return undefined;
};

async function respond(inputJson) {
  generation += 1;
  logs.length = 0;
  dropped = 0;
  logUsed = false;
  cancelledTimers = { __proto__: null };
  phase = 'call';
  runDeferred();
  let result;
  try {
    result = await main(parse(inputJson));
  } catch (e) {
    return failure(e, '');
  }
  let json;
  try {
    json = stringify(result === undefined ? null : result);
  } catch (e) {
    return failed('invalid_output', 'The output is not JSON-serializable: ' + messageOf(e));
  }
  if (typeof json !== 'string') return failed('invalid_output', 'The output is not a JSON value');
  if (json.length > K.maxOutputChars) {
    return failed('invalid_output', 'The output is larger than ' + K.maxOutputChars + ' characters of JSON');
  }
  return header(true) + '\\n' + json;
}
return entry;
})`;

module.exports = { BOOTSTRAP_SOURCE, bootstrapConstants };
