'use strict';
/* global setTimeout, clearTimeout, setInterval, clearInterval */
/**
 * A sandbox worker process: forked by the supervisor (plugins/kernel/sandbox/sandbox-supervisor.ts)
 * with `--no-node-snapshot`, a heap cap and an EMPTY environment, in an empty working directory and,
 * when the server runs as root, as the unprivileged sandbox user. It holds plugin code and
 * isolates, nothing else: no secrets, no database. Capability calls go back to the parent
 * over IPC, where policy and ports live.
 *
 * Plain JavaScript on purpose: the same file is forked from Jest (TypeScript sources), from
 * `node dist/bin/server.js` and from the queue worker, with no build step in between. Its JSDoc
 * types are checked strictly all the same (tsconfig.json in this folder, part of `npm run typecheck`).
 *
 * Started with one argument, its options as JSON: pool sizes and `bootstrap` (output and log caps
 * and `remote`, the host's capability method table that `kernel:api` is built from; without it
 * `kernel:api` has no capability methods at all).
 * Messages in:  load {key,id,code,grants,memoryMb,cpuMs,timeoutMs} · unload {key} ·
 *               call {id,key,user,input,cpuMs,timeoutMs} · cap-result {id,result} · cancel {id}
 * Messages out: ready {pid} · cap {id,call,capability,method,args} ·
 *               done {id,ok,output|error,logs,metrics,used} · fatal {message}
 */
// First, before anything else is loaded: nothing the server left open may reach plugin code.
require('./inherited-descriptors').closeInheritedDescriptors();
const { PluginPool } = require('./plugin-pool');
const { liveContexts } = require('./warm-context');

/** @typedef {import('../sandbox-protocol').ToWorker} ToWorker */
/** @typedef {Extract<ToWorker, { t: 'load' }>} LoadMessage */
/** @typedef {Extract<ToWorker, { t: 'call' }>} CallMessage */
/** @typedef {import('./isolate-slot').CallResult} CallResult */
/**
 * One tool call in this worker, from its `call` message to its `done`.
 * @typedef {object} Call
 * @property {number} id
 * @property {string} user
 * @property {string} input the tool's input as JSON text
 * @property {number} cpuMs
 * @property {number} timeoutMs
 * @property {Set<string>} grants the capabilities its plugin's manifest declares
 * @property {Set<string>} used capabilities it called, granted or not
 * @property {Set<string>} kernelCodes failure codes the worker gave its capability calls
 * @property {number} capCalls
 * @property {number} timerCount
 * @property {Set<number>} caps capability calls awaiting the supervisor's answer
 * @property {Map<NodeJS.Timeout, (text: string) => void>} timers pending `setTimeout` sleeps
 * @property {boolean} finished
 * @property {boolean} aborted
 * @property {import('./isolate-slot').IsolateSlot | undefined} slot while its code runs
 * @property {NodeJS.Timeout} [deadline]
 */
/**
 * Pool sizes, watch intervals and caps; the supervisor's argument overrides the defaults.
 * @typedef {object} WorkerOptions
 * @property {number} maxIsolates
 * @property {number} maxContexts warm contexts (one per user) per isolate
 * @property {number} maxContextsPerWorker and in this worker for all plugins together
 * @property {number} contextIdleMs
 * @property {number} idleMs
 * @property {number} spareIdleMs
 * @property {number} cpuWatchMs how often running calls' CPU is checked
 * @property {number} idleWatchMs how often idle isolates' CPU is checked
 * @property {number} maxCapabilityCalls
 * @property {number} maxTimers
 * @property {number} maxArgsChars
 * @property {import('./envelope').BootstrapLimits} bootstrap
 */

/** @type {Partial<Omit<WorkerOptions, 'bootstrap'>> & { bootstrap?: Partial<import('./envelope').BootstrapLimits> }} */
const overrides = JSON.parse(process.argv[2] || '{}');
/** @type {WorkerOptions} */
const options = {
  maxIsolates: 2,
  /** Warm contexts (one per user) per isolate, and in this worker for all plugins together. */
  maxContexts: 16,
  maxContextsPerWorker: 256,
  contextIdleMs: 5 * 60_000,
  idleMs: 15 * 60_000,
  spareIdleMs: 60_000,
  /** How often running calls' CPU is checked; idle isolates are checked every `idleWatchMs`. */
  cpuWatchMs: 10,
  idleWatchMs: 250,
  maxCapabilityCalls: 200,
  maxTimers: 1000,
  maxArgsChars: 16 * 1024 * 1024,
  ...overrides,
  bootstrap: { maxOutputChars: 1_048_576, maxLogLines: 200, maxLogChars: 2000, ...overrides.bootstrap },
};

/** @type {Map<string, PluginPool>} */
const pools = new Map();
/** @type {Map<number, Call>} */
const calls = new Map();
/** @type {Map<number, { resolve: (text: string) => void, call: Call }>} */
const pendingCaps = new Map();
let capSeq = 0;

/** @param {unknown} value */
const ok = (value) => `1${JSON.stringify(value === undefined ? null : value)}`;
/**
 * @param {string} code
 * @param {string} message
 */
const fail = (code, message) => `0${JSON.stringify({ code, message })}`;

/** @param {{ t: import('../sandbox-protocol').FromWorker['t'], [field: string]: unknown }} message */
function send(message) {
  if (process.connected && process.send) process.send(message);
}

/** @param {unknown} message */
function fatal(message) {
  send({ t: 'fatal', message: String(message).slice(0, 2000) });
  // Give the message a moment to leave; the supervisor replaces this process either way.
  setTimeout(() => process.exit(70), 50).unref();
}

/** @type {import('./plugin-pool').PoolHooks} */
const hooks = {
  hostCall,
  trimContexts,
  onCatastrophic: (key, message) => fatal(`catastrophic error in the isolate of ${key}: ${message}`),
};

/**
 * Over the worker's cap: releases the least recently used idle contexts (but `keep`), whichever plugin they belong to.
 * @param {import('./warm-context').WarmContext} keep
 */
function trimContexts(keep) {
  while (liveContexts() > options.maxContextsPerWorker) {
    /** @type {{ slot: import('./isolate-slot').IsolateSlot, warm: import('./warm-context').WarmContext } | undefined} */
    let oldest;
    for (const pool of pools.values()) {
      for (const slot of pool.slots) {
        for (const warm of slot.contexts.values()) {
          if (warm === keep || warm.binding.call) continue;
          if (!oldest || warm.lastUsed < oldest.warm.lastUsed) oldest = { slot, warm };
        }
      }
    }
    if (!oldest) return;
    oldest.slot.discard(oldest.warm);
  }
}

/**
 * Called from inside an isolate through its host Reference; answers `1<json>` or `0<error json>`.
 * @type {import('./warm-context').HostCall}
 */
function hostCall(binding, capability, method, args) {
  // Its answer runs plugin code outside any task isolated-vm checks for unhandled rejections.
  binding.answered = true;
  const call = binding.call;
  if (!call || call.finished) {
    return Promise.resolve(fail('unavailable', 'Capabilities are only available while the tool is being called, not in init()'));
  }
  if (typeof capability !== 'string' || typeof method !== 'string' || typeof args !== 'string') {
    return Promise.resolve(fail('invalid_argument', 'Malformed capability call'));
  }
  if (capability === 'timers') return sleep(call, args);
  if (!call.grants.has(capability)) {
    call.used.add(capability);
    call.kernelCodes.add('capability_denied');
    return Promise.resolve(fail('capability_denied', `The manifest does not declare the "${capability}" capability`));
  }
  call.used.add(capability);
  call.capCalls += 1;
  if (call.capCalls > options.maxCapabilityCalls) {
    return Promise.resolve(fail('quota_exceeded', `More than ${options.maxCapabilityCalls} capability calls in one tool call`));
  }
  if (args.length > options.maxArgsChars) return Promise.resolve(fail('too_large', 'The capability arguments are too large'));
  const id = ++capSeq;
  return new Promise(
    /** @param {(text: string) => void} resolve */ (resolve) => {
      pendingCaps.set(id, { resolve, call });
      call.caps.add(id);
      send({ t: 'cap', id, call: call.id, capability, method, args });
    },
  ).then((text) => {
    if (text[0] === '0') recordKernelCode(call, text);
    return text;
  });
}

/**
 * @param {Call} call
 * @param {string} text a failed answer, `0<{code,message} json>`
 */
function recordKernelCode(call, text) {
  try {
    call.kernelCodes.add(JSON.parse(text.slice(1)).code);
  } catch {
    // a malformed answer is the parent's bug; the code just is not recorded
  }
}

/**
 * @param {Call} call
 * @param {string} args the delay in ms, as JSON text
 * @returns {Promise<string>}
 */
function sleep(call, args) {
  call.timerCount += 1;
  if (call.timerCount > options.maxTimers) return Promise.resolve(fail('quota_exceeded', 'Too many timers in one tool call'));
  let ms = Number(JSON.parse(args));
  if (!Number.isFinite(ms) || ms < 0) ms = 0;
  return new Promise(
    /** @param {(text: string) => void} resolve */ (resolve) => {
      const timer = setTimeout(
        () => {
          call.timers.delete(timer);
          resolve(ok(null));
        },
        Math.min(ms, call.timeoutMs),
      );
      call.timers.set(timer, resolve);
    },
  );
}

/** @param {CallMessage} message */
async function runCall(message) {
  const pool = pools.get(message.key);
  /** @type {Call} */
  const call = {
    id: message.id,
    user: String(message.user),
    input: message.input,
    cpuMs: message.cpuMs,
    timeoutMs: message.timeoutMs,
    grants: pool ? pool.grants : new Set(),
    used: new Set(),
    kernelCodes: new Set(),
    capCalls: 0,
    timerCount: 0,
    caps: new Set(),
    timers: new Map(),
    finished: false,
    aborted: false,
    slot: undefined,
  };
  calls.set(call.id, call);
  if (!pool) {
    finish(call, failure('unavailable', 'The plugin is not loaded in this sandbox worker'));
    return;
  }
  call.deadline = setTimeout(() => abort(call, 'timeout', `The tool did not finish within ${call.timeoutMs} ms`), call.timeoutMs);
  watchCpu();
  // One retry when an isolate broke before the call's own code ran (e.g. work left behind by a previous call).
  for (let attempt = 0; ; attempt += 1) {
    /** @type {import('./isolate-slot').IsolateSlot | undefined} */
    let slot;
    /** @type {CallResult | undefined} */
    let result;
    try {
      slot = await pool.lease(call.user);
      if (!call.finished) {
        call.slot = slot;
        result = await slot.run(call);
      }
    } catch (error) {
      result = failure('unavailable', `The sandbox could not start the plugin: ${String(error && /** @type {Error} */ (error).message)}`);
    } finally {
      call.slot = undefined;
    }
    if (result && result.retry && attempt === 0 && !call.finished) {
      // Only `slot.run` asks for a retry, so the slot was leased.
      pool.release(/** @type {import('./isolate-slot').IsolateSlot} */ (slot));
      continue;
    }
    if (result) {
      if (result.logUsed) call.used.add('log');
      // Answer first: the slot's bookkeeping (heap sample, next waiter) is off this call's path.
      finish(call, result);
    }
    if (slot) pool.release(slot);
    return;
  }
}

/**
 * @param {Call} call
 * @param {string} code
 * @param {string} message
 */
function abort(call, code, message) {
  if (call.finished) return;
  call.aborted = true;
  if (call.slot) call.slot.kill(code, message);
  else finish(call, failure(code, message));
}

/**
 * @param {string} code
 * @param {string} message
 * @returns {CallResult}
 */
function failure(code, message) {
  return { ok: false, error: { code, message }, logs: [], metrics: { cpuMs: 0, heapBytes: 0 } };
}

/**
 * @param {Call} call
 * @param {CallResult} result
 */
function finish(call, result) {
  if (call.finished) return;
  call.finished = true;
  clearTimeout(call.deadline);
  // The isolate ignores answers once their call has ended (even in the same warm context);
  // settling them only lets both sides drop the pending promises.
  for (const [timer, resolve] of call.timers) {
    clearTimeout(timer);
    resolve(fail('unavailable', 'The tool call has ended'));
  }
  for (const id of call.caps) {
    const pending = pendingCaps.get(id);
    pendingCaps.delete(id);
    if (pending) pending.resolve(fail('unavailable', 'The tool call has ended'));
  }
  calls.delete(call.id);
  send({ t: 'done', id: call.id, ...result, logUsed: undefined, used: [...call.used].sort() });
}

/** @param {LoadMessage} message */
function load(message) {
  const previous = pools.get(message.key);
  if (previous) return;
  const spec = {
    key: message.key,
    id: message.id,
    code: message.code,
    grants: message.grants,
    memoryMb: message.memoryMb,
    cpuMs: message.cpuMs,
    timeoutMs: message.timeoutMs,
  };
  pools.set(message.key, new PluginPool(spec, options, hooks));
}

/** @param {Extract<ToWorker, { t: 'unload' }>} message */
function unload(message) {
  const pool = pools.get(message.key);
  pools.delete(message.key);
  if (pool) pool.dispose();
}

/** @param {Extract<ToWorker, { t: 'cap-result' }>} message */
function capResult(message) {
  const pending = pendingCaps.get(message.id);
  if (!pending) return;
  pendingCaps.delete(message.id);
  pending.call.caps.delete(message.id);
  pending.resolve(typeof message.result === 'string' ? message.result : fail('unavailable', 'Malformed capability answer'));
}

process.on('message', (received) => {
  // The supervisor is the only sender (see sandbox-protocol.ts); fields are still checked where they matter.
  const message = /** @type {ToWorker | undefined} */ (received);
  switch (message?.t) {
    case 'load':
      return load(message);
    case 'unload':
      return unload(message);
    case 'call':
      return void runCall(message);
    case 'cap-result':
      return capResult(message);
    case 'cancel': {
      const call = calls.get(message.id);
      if (call) abort(call, 'timeout', 'The tool call was cancelled');
      return undefined;
    }
    default:
      return undefined;
  }
});

process.on('disconnect', () => process.exit(0));
process.on('uncaughtException', (error) => fatal(`uncaught exception in the sandbox worker: ${error && error.message}`));
process.on('unhandledRejection', (error) => fatal(`unhandled rejection in the sandbox worker: ${error && /** @type {Error} */ (error).message}`));

/** @type {NodeJS.Timeout | undefined} */
let cpuWatch;
/** One watch for every running call (not a timer per call); it stops when no call is running. */
function watchCpu() {
  if (cpuWatch) return;
  cpuWatch = setInterval(() => {
    for (const pool of pools.values()) pool.checkCpu();
    if (calls.size === 0) {
      clearInterval(cpuWatch);
      cpuWatch = undefined;
    }
  }, options.cpuWatchMs);
}

setInterval(() => {
  for (const pool of pools.values()) pool.checkCpu();
}, options.idleWatchMs).unref();

setInterval(() => {
  const now = Date.now();
  for (const pool of pools.values()) pool.sweep(now);
}, 30_000).unref();

send({ t: 'ready', pid: process.pid });
