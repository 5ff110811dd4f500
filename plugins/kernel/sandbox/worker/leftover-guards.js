'use strict';
/**
 * Part of the bootstrap (inserted into its closure: it uses `phase`, `generation`, `deferred`
 * and the captured intrinsics). V8 finishes some work on its own schedule, as tasks that run
 * whenever the isolate next does anything, possibly during another user's call in another
 * context: async WebAssembly compiles and FinalizationRegistry callbacks (Atomics.waitAsync is
 * deleted). These guards make sure such work only ever runs plugin code inside its own
 * context's load or calls:
 * - work a call started settles only within that call; once it has ended, never;
 * - work the module started while loading settles during a call (or the load); if it finishes
 *   between calls it waits for the next call of the same context;
 * and it never leaves an unhandled rejection behind (isolated-vm would report it on the
 * isolate's next task, which may be another call's).
 */
const LEFTOVER_GUARDS = `
const MODULE_WORK = -1;
function ownerNow() { return phase === 'init' ? MODULE_WORK : generation; }
function whenOwned(own, fn) {
  if (phase === 'init' || (phase === 'call' && (own === MODULE_WORK || own === generation))) { fn(); return; }
  if (own === MODULE_WORK) RApply(arrayPush, deferred, [fn]);
}
function runQuietly(fn) {
  try {
    const result = fn();
    if (result !== null && (typeof result === 'object' || typeof result === 'function') && typeof result.then === 'function') {
      RApply(promiseThen, result, [undefined, function () {}]);
    }
  } catch (e) {
    // a cleanup callback's failure is its own business
  }
}
function guardAsync(original) {
  return function () {
    const own = ownerNow();
    const raw = RApply(original, this, [...arguments]);
    return new PromiseCtor(function (resolve, reject) {
      RApply(promiseThen, raw, [
        function (value) { whenOwned(own, function () { resolve(value); }); },
        function (error) { whenOwned(own, function () { reject(error); }); },
      ]);
    });
  };
}
if (typeof WebAssembly === 'object' && WebAssembly !== null) {
  for (const name of ['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming']) {
    if (typeof WebAssembly[name] === 'function') WebAssembly[name] = guardAsync(WebAssembly[name]);
  }
}
if (typeof FinalizationRegistry === 'function') {
  const NativeRegistry = FinalizationRegistry;
  const construct = Reflect.construct;
  const GuardedRegistry = function FinalizationRegistry(cleanup) {
    if (new.target === undefined) throw new TypeError("Constructor FinalizationRegistry requires 'new'");
    if (typeof cleanup !== 'function') throw new TypeError('FinalizationRegistry: cleanup must be callable');
    const guarded = function (held) {
      whenOwned(MODULE_WORK, function () { runQuietly(function () { return RApply(cleanup, undefined, [held]); }); });
    };
    return construct(NativeRegistry, [guarded], new.target);
  };
  GuardedRegistry.prototype = NativeRegistry.prototype;
  Object.defineProperty(NativeRegistry.prototype, 'constructor', { value: GuardedRegistry, writable: true, configurable: true });
  G.FinalizationRegistry = GuardedRegistry;
}
function runDeferred() {
  const due = deferred;
  deferred = [];
  for (let i = 0; i < due.length; i++) runQuietly(due[i]);
}
`;

module.exports = { LEFTOVER_GUARDS };
