'use strict';
/* global setTimeout, clearTimeout */
const { BOOTSTRAP_SOURCE } = require('./bootstrap-source');
const { decodeLoadFailure, messageOf } = require('./envelope');
const { WarmContext } = require('./warm-context');

const ignore = () => undefined;

/** @typedef {import('./isolate-slot').IsolateSlot} IsolateSlot */
/**
 * A context ready for calls, or one carrying why its plugin could not load.
 * @typedef {(WarmContext & { failure?: undefined }) | (WarmContext & { failure: import('./envelope').Failure, logs: import('./envelope').LogLine[] })} LoadedContext
 */

/**
 * V8's code cache for the bootstrap (the same source for every plugin), made by this worker's first compile.
 * @type {import('isolated-vm').ExternalCopy<ArrayBuffer> | undefined}
 */
let bootstrapCache;

/** @param {import('isolated-vm').Isolate} isolate */
async function compileBootstrap(isolate) {
  const options = bootstrapCache ? { cachedData: bootstrapCache } : { produceCachedData: true };
  // isolated-vm documents `cachedData` on the compiled script (CachedDataResult) but types compileScript without it.
  const script = /** @type {import('isolated-vm').Script & import('isolated-vm').CachedDataResult} */ (
    await isolate.compileScript(BOOTSTRAP_SOURCE, { filename: 'kernel:bootstrap', ...options })
  );
  if (!bootstrapCache && script.cachedData) bootstrapCache = script.cachedData;
  return script;
}

/**
 * @param {IsolateSlot} slot
 * @returns {Promise<[import('isolated-vm').Script, import('isolated-vm').Script]>}
 */
function compileScripts(slot) {
  const wrapped = `__kernel_define(function (module, exports, require) {\n${slot.spec.code}\n});\nvoid 0;`;
  const scripts = Promise.all([compileBootstrap(slot.isolate), slot.isolate.compileScript(wrapped, { filename: `plugin:${slot.spec.id}` })]);
  scripts.catch(ignore);
  return scripts;
}

/**
 * A new context for `user` in `slot`: the bootstrap installed, the plugin module evaluated and
 * `init()` run. A plugin that fails to load gives a context carrying `failure` (released by
 * the caller). Throws when the isolate broke (disposed, or, on an isolate that served calls
 * before, something they left behind surfaced here).
 * @param {IsolateSlot} slot
 * @param {string} user
 * @returns {Promise<LoadedContext>}
 */
async function loadContext(slot, user) {
  /** @type {[import('isolated-vm').Script, import('isolated-vm').Script] | [undefined, { failure: string }]} */
  const [bootstrap, plugin] = await slot.compile().catch((error) => {
    if (slot.dead) throw error;
    return [undefined, { failure: `The plugin failed to compile: ${messageOf(error)}` }];
  });
  const warm = new WarmContext(user, slot.pool.hooks.hostCall);
  if (!bootstrap) return Object.assign(warm, { failure: { code: 'runtime_error', message: plugin.failure }, logs: [] });
  const timer = setTimeout(() => slot.kill('timeout', 'Loading the plugin took longer than its time limit'), slot.spec.timeoutMs);
  // Also catches work an earlier call left behind spinning the isolate.
  const loadCpuMs = Math.max(slot.spec.cpuMs, 1000);
  slot.budget = { start: slot.cpuNow(), cpuMs: loadCpuMs, what: 'Loading the plugin' };
  const cpu = { timeout: loadCpuMs };
  try {
    if (slot.flushDue) await flush(slot);
    warm.context = await slot.isolate.createContext();
    // The entry point exists before any plugin code runs, and only the worker ever holds it.
    const install = await bootstrap.run(warm.context, { ...cpu, reference: true });
    try {
      warm.entry = await install.apply(undefined, [warm.hostRef, slot.pool.constants], { result: { reference: true }, timeout: loadCpuMs });
    } finally {
      install.release();
    }
    slot.serving = warm; // so the CPU watch pumps V8's queued tasks for an init() that awaits them
    // Queued together, so the isolate runs the module, init() and the heap sample in one go. The
    // sample sees the heap this context adds, and sheds older contexts if it fills up.
    const ran = plugin.run(warm.context, cpu);
    const prepared = warm.entry.apply(undefined, ['prepare'], { result: { promise: true, copy: true }, timeout: loadCpuMs });
    prepared.catch(ignore);
    const sampled = slot.sampleHeap();
    try {
      await ran;
      const header = await prepared;
      if (header) Object.assign(warm, decodeLoadFailure(header, slot.pool.options.bootstrap));
      await sampled;
    } catch (error) {
      // On an isolate that served calls before, this may be something one of them left behind:
      // never show it to this call; a fresh isolate takes the call instead.
      if (slot.dead || slot.served > 0) throw error;
      Object.assign(warm, { failure: { code: 'runtime_error', message: `The plugin failed to load: ${messageOf(error)}` }, logs: [] });
    }
    return warm;
  } catch (error) {
    warm.release();
    throw error;
  } finally {
    clearTimeout(timer);
    slot.budget = undefined;
    slot.serving = undefined;
    slot.noteAnswers(warm);
  }
}

/**
 * Takes what earlier calls left unhandled (see IsolateSlot.flushDue) before the new context's first task.
 * @param {IsolateSlot} slot
 */
async function flush(slot) {
  slot.flushDue = false;
  const flusher = slot.contexts.values().next().value;
  if (flusher) slot.pump(flusher);
  else await slot.isolate.compileScript('void 0').catch(ignore);
}

module.exports = { compileScripts, loadContext };
