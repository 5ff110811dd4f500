'use strict';
const ivm = require('isolated-vm');
const { compileScripts, loadContext } = require('./context-loader');
const { decodeEnvelope, messageOf } = require('./envelope');
const { liveContexts } = require('./warm-context');

/** @typedef {import('./sandbox-worker').Call} Call */
/** @typedef {import('./warm-context').WarmContext} WarmContext */
/** @typedef {import('./envelope').Failure} Failure */
/** @typedef {{ cpuMs: number, heapBytes: number }} Metrics */
/**
 * One call's outcome. `retry` means the isolate broke before any of the call's code ran, so
 * another isolate may take it.
 * @typedef {import('./envelope').DecodedEnvelope & { retry?: boolean, metrics: Metrics }} CallResult
 */

/** @type {Metrics} */
const NO_METRICS = Object.freeze({ cpuMs: 0, heapBytes: 0 });

/** Idle CPU that means work left behind is spinning: more than this, at more than half a core. */
const IDLE_SPIN_MS = 5;
const HEAP_SAMPLE_EVERY_MS = 1000;
/** Above this share of the memory limit, the least recently used contexts are released. */
const HEAP_TRIM_SHARE = 0.5;

/**
 * One isolate of a plugin version: its two scripts compiled once and a warm context per user
 * (least recently used first, at most `maxContexts`). Runs one call at a time, in the caller's
 * own context. A call that fails for a limit or an unhandled rejection discards its context;
 * a deadline, a memory limit or a spinning leftover disposes the whole isolate.
 */
class IsolateSlot {
  /** @param {import('./plugin-pool').PluginPool} pool */
  constructor(pool) {
    this.pool = pool;
    this.spec = pool.spec;
    this.isolate = new ivm.Isolate({
      memoryLimit: pool.spec.memoryMb,
      onCatastrophicError: (message) => pool.hooks.onCatastrophic(pool.spec.key, message),
    });
    /** @type {Promise<[import('isolated-vm').Script, import('isolated-vm').Script]> | undefined} */
    this.scripts = undefined;
    /** @type {Map<string, WarmContext>} user -> context, least recently used first */
    this.contexts = new Map();
    this.busy = false;
    this.lastUsed = Date.now();
    /**
     * Why the worker disposed this isolate, when it did.
     * @type {Failure | undefined}
     */
    this.killedBecause = undefined;
    this.heapBytes = 0;
    this.heapSampledAt = 0;
    /** Calls that ran plugin code here: from the second on, an unhandled rejection's text is withheld (it may not be this call's). */
    this.served = 0;
    /**
     * While busy: the CPU budget being watched.
     * @type {{ start: number, cpuMs: number, what: string } | undefined}
     */
    this.budget = undefined;
    /**
     * While a call runs: its context, through which the CPU watch pumps the isolate.
     * @type {WarmContext | undefined}
     */
    this.serving = undefined;
    /**
     * A host call was answered since the last checked task: a rejection it let the plugin leave
     * unhandled is pending, and isolated-vm would report it on the next task, another call's.
     */
    this.flushDue = false;
    /** @type {{ arguments: { copy: true }, result: { promise: true, copy: true }, timeout: number }} */
    this.invokeOptions = { arguments: { copy: true }, result: { promise: true, copy: true }, timeout: pool.spec.cpuMs };
    /** While idle: CPU and time when last checked, to notice work left behind spinning. */
    this.idleSince = { cpu: 0, at: 0 };
  }

  get dead() {
    return this.isolate.isDisposed;
  }

  /**
   * @param {string} code
   * @param {string} message
   */
  kill(code, message) {
    if (!this.killedBecause) this.killedBecause = { code, message };
    this.releaseContexts();
    if (!this.isolate.isDisposed) {
      try {
        this.isolate.dispose();
      } catch {
        // already disposed by the memory limit
      }
    }
  }

  releaseContexts() {
    for (const warm of this.contexts.values()) warm.release();
    this.contexts.clear();
  }

  /** The bootstrap and the plugin, compiled once per isolate. */
  compile() {
    this.scripts ??= compileScripts(this);
    return this.scripts;
  }

  /**
   * Runs one call and never throws: every failure becomes `{ ok: false, error }`.
   * @param {Call} call
   * @returns {Promise<CallResult>}
   */
  async run(call) {
    let warm = this.contexts.get(call.user);
    if (warm) {
      // Map order is the LRU order: the context just used goes last.
      this.contexts.delete(call.user);
      this.contexts.set(call.user, warm);
    } else {
      const loaded = await this.loadFor(call);
      if (!loaded.warm) return loaded.result;
      warm = loaded.warm;
    }
    return this.invoke(warm, call);
  }

  /**
   * @param {WarmContext} warm
   * @param {Call} call
   * @returns {Promise<CallResult>}
   */
  async invoke(warm, call) {
    const leftoversPossible = this.served > 0;
    this.served += 1;
    warm.binding.call = call;
    warm.lastUsed = Date.now();
    this.serving = warm;
    const cpuStart = this.cpuNow();
    this.budget = { start: cpuStart, cpuMs: call.cpuMs, what: 'The tool' };
    try {
      // An empty task queued right before this call's takes what earlier calls left behind.
      if (this.flushDue) this.pump(warm);
      this.flushDue = false;
      // Every context in `contexts` finished loading, so its entry point is set.
      const entry = /** @type {import('isolated-vm').Reference} */ (warm.entry);
      const envelope = await entry.apply(undefined, ['invoke', call.input], this.optionsFor(call));
      return { ...decodeEnvelope(envelope, call, this.pool.options), metrics: this.metrics(cpuStart) };
    } catch (error) {
      // A limit or an unhandled rejection may have left the module half-updated: never reuse it.
      this.discard(warm);
      return { ok: false, error: this.failureFor(error, call, leftoversPossible), logs: [], metrics: this.metrics(cpuStart) };
    } finally {
      warm.binding.call = undefined;
      this.budget = undefined;
      this.serving = undefined;
      this.noteAnswers(warm);
    }
  }

  /** @param {WarmContext} warm */
  noteAnswers(warm) {
    if (!warm.binding.answered) return;
    warm.binding.answered = false;
    this.flushDue = true;
  }

  /** @param {Call} call */
  optionsFor(call) {
    if (call.cpuMs === this.invokeOptions.timeout) return this.invokeOptions;
    return { ...this.invokeOptions, timeout: call.cpuMs };
  }

  /**
   * A new context for the caller; `result` instead when the plugin cannot load (or the isolate broke).
   * @param {Call} call
   * @returns {Promise<{ warm: WarmContext, result?: undefined } | { warm?: undefined, result: CallResult }>}
   */
  async loadFor(call) {
    const cpuStart = this.cpuNow();
    let warm;
    try {
      warm = await loadContext(this, call.user);
    } catch (error) {
      if (call.aborted) return { result: { ok: false, error: this.failureFor(error, call), logs: [], metrics: NO_METRICS } };
      this.kill('unavailable', 'The isolate broke while loading the plugin');
      return {
        result: { ok: false, retry: true, error: { code: 'unavailable', message: 'The sandbox could not load the plugin' }, logs: [], metrics: NO_METRICS },
      };
    }
    if (warm.failure) {
      warm.release();
      return { result: { ok: false, error: warm.failure, logs: warm.logs, metrics: this.metrics(cpuStart) } };
    }
    this.contexts.set(call.user, warm);
    this.evictBeyond(this.pool.options.maxContexts);
    if (liveContexts() > this.pool.options.maxContextsPerWorker) this.pool.hooks.trimContexts(warm);
    return { warm };
  }

  /** @param {WarmContext} warm */
  discard(warm) {
    if (this.contexts.get(warm.user) === warm) this.contexts.delete(warm.user);
    warm.release();
  }

  /**
   * Releases the least recently used contexts beyond `max`, never the one serving a call.
   * @param {number} max
   */
  evictBeyond(max) {
    for (const warm of this.contexts.values()) {
      if (this.contexts.size <= max) return;
      if (!warm.binding.call) this.discard(warm);
    }
  }

  /**
   * Called by the worker's CPU watch. isolated-vm's `timeout` stops synchronous runs only; CPU
   * burnt after an await, or by work a finished call left behind, is caught here. `cpuTime` is
   * read without taking the isolate's lock, so this works while it spins.
   */
  checkCpu() {
    if (this.dead) return;
    if (this.busy) {
      const budget = this.budget;
      if (budget && (this.cpuNow() - budget.start) / 1e6 > budget.cpuMs) {
        this.kill('timeout', `${budget.what} used more than ${budget.cpuMs} ms of CPU`);
      } else if (this.serving) {
        this.pump(this.serving);
      }
    } else if (this.spinningWhileIdle()) {
      this.kill('unavailable', 'Work left behind by an earlier call kept the isolate busy');
    }
  }

  /**
   * isolated-vm queues V8's own tasks (the steps of an async WebAssembly compile, say) without
   * waking the isolate: a call awaiting one would wait for its deadline. An empty task lets them run.
   * @param {WarmContext} warm
   */
  pump(warm) {
    try {
      warm.entry?.applyIgnored(undefined, ['flush']);
    } catch {
      // released or disposed meanwhile: nothing to pump
    }
  }

  /** The pool calls this when the slot has no call: from now on its CPU should stay flat. */
  markIdle() {
    this.busy = false;
    this.lastUsed = Date.now();
    this.idleSince = { cpu: this.cpuNow(), at: this.lastUsed };
  }

  /** True when this idle isolate burnt more than half a core since last checked (and re-arms the check). */
  spinningWhileIdle() {
    const now = Date.now();
    const cpu = this.cpuNow();
    const burnt = (cpu - this.idleSince.cpu) / 1e6;
    const spinning = burnt > IDLE_SPIN_MS && burnt > (now - this.idleSince.at) / 2;
    this.idleSince = { cpu, at: now };
    return spinning;
  }

  /**
   * The entry point catches what the tool throws, so a rejected `apply` is a limit, a disposal,
   * or an unhandled promise rejection (isolated-vm reports those on the next operation). On an
   * isolate that served earlier calls that rejection may be theirs, so its text is withheld.
   * @param {unknown} error
   * @param {Call} call
   * @returns {Failure}
   */
  failureFor(error, call, leftoversPossible = false) {
    if (this.killedBecause) return this.killedBecause;
    const message = messageOf(error);
    if (this.dead || /memory limit/i.test(message)) {
      return { code: 'memory_limit', message: `The tool exceeded its memory limit of ${this.spec.memoryMb} MB` };
    }
    if (/execution timed out/i.test(message)) {
      return { code: 'timeout', message: `The tool ran longer than its CPU limit of ${call.cpuMs} ms` };
    }
    if (leftoversPossible) return { code: 'runtime_error', message: 'The tool left a rejected promise unhandled' };
    return { code: 'runtime_error', message: `Unhandled promise rejection: ${message}` };
  }

  cpuNow() {
    return this.dead ? 0 : Number(this.isolate.cpuTime);
  }

  /**
   * CPU of this call; heap as last sampled (see `sampleHeapSoon`).
   * @param {number} cpuStart
   * @returns {Metrics}
   */
  metrics(cpuStart) {
    if (this.dead) return NO_METRICS;
    return { cpuMs: Math.max(0, (this.cpuNow() - cpuStart) / 1e6), heapBytes: this.heapBytes };
  }

  /** After a call has answered: at most once a second, off every call's path. */
  sampleHeapSoon() {
    if (this.dead || Date.now() - this.heapSampledAt < HEAP_SAMPLE_EVERY_MS) return;
    this.heapSampledAt = Date.now();
    void this.sampleHeap();
  }

  /**
   * Never `getHeapStatisticsSync`: it waits for the isolate's lock and would freeze this whole
   * process behind a spinning isolate. Contexts count against the isolate's memory limit, so a
   * heap past `HEAP_TRIM_SHARE` of it sheds the least recently used half of them.
   */
  async sampleHeap() {
    try {
      this.heapSampledAt = Date.now();
      this.heapBytes = (await this.isolate.getHeapStatistics()).used_heap_size;
      if (this.heapBytes > this.spec.memoryMb * 1024 * 1024 * HEAP_TRIM_SHARE) {
        this.evictBeyond(Math.max(1, Math.floor(this.contexts.size / 2)));
      }
    } catch {
      // disposed meanwhile, or a leftover rejection surfaced here (and is dropped): the last sample stands
    }
  }

  dispose() {
    this.kill('unavailable', 'The plugin was unloaded');
  }
}

module.exports = { IsolateSlot };
