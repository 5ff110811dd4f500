'use strict';
/**
 * Source of the script that runs first in every fresh context, before the plugin's code.
 * It builds `kernel:api` for the plugin's grants, console and timers, and the entry point
 * (`__kernel_entry('prepare' | 'invoke', input)`) the worker takes a reference to, and
 * deletes, before any plugin code runs.
 *
 * Everything here runs INSIDE the isolate. It is not a trust boundary: the worker and the
 * host re-check all it reports. It captures intrinsics up front so a plugin that patches
 * JSON, Reflect or prototypes can only break itself, and passes null-prototype option
 * objects to isolated-vm so a polluted Object.prototype cannot turn copies into References.
 */

const { ENCODING_POLYFILLS } = require('./encoding-polyfills');

/** Capability -> SDK methods that cross to the host (log is local, see below). */
const REMOTE_METHODS = {
  http: ['request'],
  llm: ['chat'],
  knowledge: ['search', 'listBases', 'addDocument'],
  workspace: ['read', 'write', 'list', 'stat', 'exists', 'delete', 'mkdir'],
  kv: ['get', 'set', 'delete', 'list'],
  datasource: ['list', 'query'],
  platform: ['call'],
  notify: ['send'],
};

/**
 * @param {{ grants: string[], maxOutputChars: number, maxLogLines: number, maxLogChars: number }} options
 * @returns {string}
 */
function bootstrapSource(options) {
  const constants = JSON.stringify({
    grants: options.grants,
    maxOutputChars: options.maxOutputChars,
    maxLogLines: options.maxLogLines,
    maxLogChars: options.maxLogChars,
    remote: REMOTE_METHODS,
  });
  return `(function (K) {
'use strict';
const G = globalThis;
const host = G.__kernel_host;
delete G.__kernel_host;
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
const weakAdd = WeakSet.prototype.add;
const weakHas = WeakSet.prototype.has;
const kernelErrors = new WeakSet();
const arrayPush = Array.prototype.push;
const arrayJoin = Array.prototype.join;
const arrayMap = Array.prototype.map;
const strSlice = String.prototype.slice;
const strIndexOf = String.prototype.indexOf;
const CALL_OPTIONS = { __proto__: null, arguments: { __proto__: null, copy: true }, result: { __proto__: null, promise: true, copy: true } };
const granted = { __proto__: null };
for (const name of K.grants) granted[name] = true;
// 'init' while the context is prepared, 'call' during the call, 'ended' after it. Host answers
// that arrive once the call has ended never settle, so no plugin code runs between calls.
let phase = 'init';
const NEVER = function () { return new PromiseCtor(function () {}); };
if (typeof Atomics === 'object' && Atomics !== null) delete Atomics.waitAsync;

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

function callHost(capability, method, payload) {
  let args;
  try {
    args = stringify(payload === undefined ? {} : payload);
  } catch (e) {
    return PromiseReject(kernelError(capability, 'invalid_argument', capability + '.' + method + ': arguments must be JSON values'));
  }
  if (typeof args !== 'string') args = 'null';
  const pending = RApply(hostApply, host, [undefined, [capability, method, args], CALL_OPTIONS]);
  return RApply(promiseThen, pending, [function (text) {
    if (phase === 'ended') return NEVER();
    const body = parse(RApply(strSlice, text, [1]));
    if (text[0] === '1') return body;
    throw kernelError(capability, body.code, body.message);
  }, function () {
    if (phase === 'ended') return NEVER();
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
const cancelledTimers = { __proto__: null };
G.setTimeout = function (fn, ms) {
  const extra = [...arguments].slice(2);
  const id = ++timerSeq;
  const delay = typeof ms === 'number' && ms > 0 ? ms : 0;
  const pending = RApply(hostApply, host, [undefined, ['timers', 'sleep', stringify(delay)], CALL_OPTIONS]);
  RApply(promiseThen, pending, [function () {
    if (cancelledTimers[id] || phase === 'ended') return;
    if (typeof fn === 'function') RApply(fn, undefined, extra);
  }, function () {}]);
  return id;
};
G.clearTimeout = function (id) { cancelledTimers[id] = true; };
G.queueMicrotask = function (fn) { RApply(promiseThen, PromiseResolve(), [function () { fn(); }]); };

${ENCODING_POLYFILLS}

function remote(capability) {
  const api = {};
  for (const method of K.remote[capability]) {
    api[method] = function (payload) { return callHost(capability, method, payload); };
  }
  return api;
}
const http = remote('http');
const httpRequest = http.request;
http.get = function (url, options) {
  return httpRequest(Object.assign({}, options, { url: url, method: 'GET' }));
};
http.post = function (url, body, options) {
  const request = Object.assign({}, options, { url: url, method: 'POST' });
  if (typeof body === 'string') request.body = body;
  else {
    request.body = stringify(body === undefined ? null : body);
    request.headers = Object.assign({ 'content-type': 'application/json' }, options && options.headers);
  }
  return httpRequest(request);
};
const llm = remote('llm');
const llmChat = llm.chat;
llm.complete = function (prompt, options) {
  const request = Object.assign({}, options);
  const system = request.system;
  delete request.system;
  request.messages = typeof system === 'string' ? [{ role: 'system', content: system }, { role: 'user', content: prompt }] : [{ role: 'user', content: prompt }];
  return RApply(promiseThen, llmChat(request), [function (reply) { return reply.content; }]);
};
const kv = remote('kv');
const kvSet = kv.set;
kv.get = ((get) => function (key) { return get({ key: key }); })(kv.get);
kv.set = function (key, value, options) { return kvSet({ key: key, value: value === undefined ? null : value, ttlSeconds: options && options.ttlSeconds }); };
kv.delete = ((del) => function (key) { return del({ key: key }); })(kv.delete);
kv.list = ((list) => function (prefix, limit) { return list({ prefix: prefix, limit: limit }); })(kv.list);
const workspace = remote('workspace');
for (const method of ['read', 'stat', 'exists', 'delete', 'mkdir', 'list']) {
  const raw = workspace[method];
  workspace[method] = function (path, options) { return raw(Object.assign({}, options, { path: path })); };
}
const workspaceWrite = workspace.write;
workspace.write = function (path, content, options) { return workspaceWrite(Object.assign({}, options, { path: path, content: content })); };
const platform = remote('platform');
const platformCall = platform.call;
platform.call = function (action, args) { return platformCall({ action: action, args: args === undefined ? {} : args }); };
const knowledge = remote('knowledge');
const datasource = remote('datasource');
const notify = remote('notify');
const log = { debug: logMethod('debug'), info: logMethod('info'), warn: logMethod('warn'), error: logMethod('error') };

const API = ObjectFreeze({
  KernelError: KernelError,
  http: ObjectFreeze(http), llm: ObjectFreeze(llm), knowledge: ObjectFreeze(knowledge),
  workspace: ObjectFreeze(workspace), kv: ObjectFreeze(kv), datasource: ObjectFreeze(datasource),
  platform: ObjectFreeze(platform), notify: ObjectFreeze(notify), log: ObjectFreeze(log),
});

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

function header(fields) {
  fields.logs = logs;
  fields.dropped = dropped;
  fields.logUsed = logUsed;
  return stringify(fields);
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
  const isKernel = typeof error === 'object' && error !== null && RApply(weakHas, kernelErrors, [error]);
  const code = isKernel ? error.code : 'runtime_error';
  return header({ ok: false, code: code, message: prefix + messageOf(error) });
}

async function prepare() {
  if (pluginExports === undefined) return header({ ok: false, code: 'runtime_error', message: 'The plugin bundle did not define a module' });
  const exp = pluginExports;
  main = exp !== null && typeof exp.default === 'function' ? exp.default : typeof exp === 'function' ? exp : undefined;
  if (main === undefined) return header({ ok: false, code: 'runtime_error', message: 'The plugin has no default export function' });
  if (exp !== null && typeof exp.init === 'function') {
    try { await exp.init(); } catch (e) { return failure(e, 'init() failed: '); }
  }
  return '';
}

async function invoke(inputJson) {
  const envelope = await respond(inputJson);
  phase = 'ended';
  return envelope;
}

// The one entry point: the worker takes a reference to it and deletes it before plugin code runs.
G.__kernel_entry = function (kind, inputJson) {
  return kind === 'invoke' ? invoke(inputJson) : prepare();
};

async function respond(inputJson) {
  logs.length = 0;
  dropped = 0;
  phase = 'call';
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
    return header({ ok: false, code: 'invalid_output', message: 'The output is not JSON-serializable: ' + messageOf(e) });
  }
  if (typeof json !== 'string') return header({ ok: false, code: 'invalid_output', message: 'The output is not a JSON value' });
  if (json.length > K.maxOutputChars) {
    return header({ ok: false, code: 'invalid_output', message: 'The output is larger than ' + K.maxOutputChars + ' characters of JSON' });
  }
  return header({ ok: true }) + '\\n' + json;
}
})(${constants});
void 0;`;
}

module.exports = { bootstrapSource, REMOTE_METHODS };
