'use strict';
/* global setTimeout, clearTimeout, setInterval, clearInterval, setImmediate */
const ivm = require('isolated-vm');
const { bootstrapSource } = require('./bootstrap-source');
const { decodeEnvelope, decodeHeader, messageOf } = require('./envelope');

const NO_METRICS = Object.freeze({ cpuMs: 0, heapBytes: 0 });

/**
 * One isolate of a plugin: its two scripts compiled once, and at most one context
 * prepared ahead for the next call. Runs one call at a time; a call takes the prepared
 * context and releases it when done, so no module state carries from one call to the next.
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
    this.scripts = undefined;
    this.prepared = undefined;
    /** A prepared context is waiting: the next call starts without creating one. */
    this.ready = false;
    this.busy = false;
    this.lastUsed = Date.now();
    /** Why the worker disposed this isolate, when it did. */
    this.killedBecause = undefined;
    this.heapBytes = 0;
    /** Calls that ran plugin code here: from the second on, leftovers of earlier calls are possible. */
    this.served = 0;
  }

  get dead() {
    return this.isolate.isDisposed;
  }

  kill(code, message) {
    if (!this.killedBecause) this.killedBecause = { code, message };
    if (!this.isolate.isDisposed) {
      try {
        this.isolate.dispose();
      } catch {
        // already disposed by the memory limit
      }
    }
  }

  compile() {
    if (!this.scripts) {
      const { options } = this.pool;
      const bootstrap = bootstrapSource({ grants: this.spec.grants, ...options.bootstrap });
      const wrapped = `__kernel_define(function (module, exports, require) {\n${this.spec.code}\n});\nvoid 0;`;
      this.scripts = Promise.all([
        this.isolate.compileScript(bootstrap, { filename: 'kernel:bootstrap' }),
        this.isolate.compileScript(wrapped, { filename: `plugin:${this.spec.id}` }),
      ]);
      this.scripts.catch(() => undefined);
    }
    return this.scripts;
  }

  /** Prepares the next call's context in the background. */
  prepareNext() {
    if (this.prepared || this.dead) return;
    this.ready = false;
    const prepared = this.prepare();
    this.prepared = prepared;
    prepared.then(
      () => {
        if (this.prepared === prepared) this.ready = true;
      },
      () => undefined,
    );
  }

  async prepare() {
    const [bootstrap, plugin] = await this.compile().catch((error) => {
      if (this.dead) throw error;
      return [undefined, { failure: `The plugin failed to compile: ${messageOf(error)}` }];
    });
    if (!bootstrap) return { failure: { code: 'runtime_error', message: plugin.failure }, logs: [] };
    const binding = { call: undefined };
    const hostRef = new ivm.Reference((capability, method, args) => this.pool.hooks.hostCall(binding, capability, method, args));
    const prepared = { context: undefined, hostRef, binding, entry: undefined, failure: undefined, logs: [] };
    const timer = setTimeout(() => this.kill('timeout', 'Loading the plugin took longer than its time limit'), this.spec.timeoutMs);
    // Also catches work a previous call left behind (e.g. an async WebAssembly compile) spinning the isolate.
    const loadCpuMs = Math.max(this.spec.cpuMs, 1000);
    const watch = this.watchCpu(loadCpuMs, 'Loading the plugin');
    const cpu = { timeout: loadCpuMs };
    try {
      prepared.context = await this.isolate.createContext();
      const global = prepared.context.global;
      await global.set('__kernel_host', hostRef);
      await bootstrap.run(prepared.context, cpu);
      // Take the entry points before any plugin code runs, so the plugin can neither see nor replace them.
      prepared.entry = await global.get('__kernel_entry', { reference: true });
      await global.delete('__kernel_entry');
      try {
        await plugin.run(prepared.context, cpu);
        const header = await prepared.entry.apply(undefined, ['prepare'], { result: { promise: true, copy: true }, timeout: loadCpuMs });
        if (header) Object.assign(prepared, this.loadFailure(decodeHeader(header)));
        await this.sampleHeap();
      } catch (error) {
        // On an isolate that served calls before, this may be a rejection one of them left behind:
        // never show it to this call; a fresh isolate takes the call instead.
        if (this.dead || this.served > 0) throw error;
        prepared.failure = { code: 'runtime_error', message: `The plugin failed to load: ${messageOf(error)}` };
      }
      return prepared;
    } catch (error) {
      releasePrepared(prepared);
      throw error;
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
    }
  }

  loadFailure(header) {
    const message = header ? String(header.message) : 'The plugin failed to load';
    return { failure: { code: 'runtime_error', message }, logs: header ? header.logs : [] };
  }

  /**
   * Runs one call and never throws: every failure becomes `{ ok: false, error }`. `retry`
   * means the isolate broke before any of this call's code ran, so another isolate may take it.
   * @returns {Promise<{ ok: boolean, retry?: boolean, output?: string, error?: { code: string, message: string }, logs: object[], logUsed?: boolean, metrics: { cpuMs: number, heapBytes: number } }>}
   */
  async run(call) {
    this.prepareNext();
    const pending = this.prepared;
    this.prepared = undefined;
    this.ready = false;
    let prepared;
    try {
      prepared = await pending;
    } catch (error) {
      if (call.aborted) return { ok: false, error: this.failureFor(error, call), logs: [], metrics: NO_METRICS };
      this.kill('unavailable', 'The isolate broke while preparing');
      return { ok: false, retry: true, error: { code: 'unavailable', message: 'The sandbox could not prepare the plugin' }, logs: [], metrics: NO_METRICS };
    }
    const cpuStart = this.cpuNow();
    let watch;
    let leftoversPossible = false;
    try {
      if (!prepared.binding || prepared.failure) {
        return { ok: false, error: prepared.failure, logs: prepared.logs, metrics: this.metrics(cpuStart) };
      }
      prepared.binding.call = call;
      leftoversPossible = this.served > 0;
      this.served += 1;
      watch = this.watchCpu(call.cpuMs, 'The tool');
      const envelope = await prepared.entry.apply(undefined, ['invoke', call.input], {
        arguments: { copy: true },
        result: { promise: true, copy: true },
        timeout: call.cpuMs,
      });
      clearInterval(watch);
      return { ...decodeEnvelope(envelope, call, this.pool.options), metrics: this.metrics(cpuStart) };
    } catch (error) {
      return { ok: false, error: this.failureFor(error, call, leftoversPossible), logs: [], metrics: this.metrics(cpuStart) };
    } finally {
      clearInterval(watch);
      if (prepared.binding) prepared.binding.call = undefined;
      // Released right after the answer leaves, not before: it is off the call's path either way.
      setImmediate(releasePrepared, prepared);
    }
  }

  /**
   * isolated-vm's `timeout` stops synchronous runs only; CPU burnt after an await is caught
   * here. `cpuTime` is read without taking the isolate's lock, so this works while it spins.
   */
  watchCpu(cpuMs, what) {
    const start = this.cpuNow();
    const every = Math.max(10, Math.min(100, Math.floor(cpuMs / 4)));
    return setInterval(() => {
      if (!this.dead && (this.cpuNow() - start) / 1e6 > cpuMs) this.kill('timeout', `${what} used more than ${cpuMs} ms of CPU`);
    }, every);
  }

  /**
   * The entry point catches what the tool throws, so a rejected `apply` is a limit, a disposal,
   * or an unhandled promise rejection (isolated-vm reports those on the next operation). On an
   * isolate that served earlier calls that rejection may be theirs, so its text is withheld.
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

  /** CPU of this call; heap as sampled when its context was prepared (see `sampleHeap`). */
  metrics(cpuStart) {
    if (this.dead) return NO_METRICS;
    return { cpuMs: Math.max(0, (this.cpuNow() - cpuStart) / 1e6), heapBytes: this.heapBytes };
  }

  /**
   * Never `getHeapStatisticsSync`: it waits for the isolate's lock and would freeze this whole
   * process behind a spinning isolate. The async read runs while preparing, off the call's path.
   */
  async sampleHeap() {
    try {
      this.heapBytes = (await this.isolate.getHeapStatistics()).used_heap_size;
    } catch {
      // disposed meanwhile: the last sample stands
    }
  }

  dispose() {
    const pending = this.prepared;
    this.prepared = undefined;
    if (pending) pending.then(releasePrepared, () => undefined);
    this.kill('unavailable', 'The plugin was unloaded');
  }
}

/** References first, then the context: an unreleased context keeps the isolate's GC from reclaiming it. */
function releasePrepared(prepared) {
  for (const handle of [prepared.entry, prepared.hostRef, prepared.context]) {
    if (!handle) continue;
    try {
      handle.release();
    } catch {
      // the isolate is gone, and every handle with it
    }
  }
}

module.exports = { IsolateSlot };
