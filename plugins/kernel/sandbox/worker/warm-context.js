'use strict';
const ivm = require('isolated-vm');

/** Contexts made and not yet released in this worker, all plugins together. */
let live = 0;

/**
 * What the host Reference reads on each capability call: the call this context serves, and
 * whether the host answered since the slot last looked (see IsolateSlot.flushDue).
 * @typedef {{ call: import('./sandbox-worker').Call | undefined, answered: boolean }} Binding
 */
/** @typedef {(binding: Binding, capability: string, method: string, args: string) => Promise<string>} HostCall */

/**
 * One user's context in an isolate: the bootstrap and the plugin module evaluated once and
 * `init()` run once, then reused by that user's calls to this plugin version, one call at a
 * time. It is never handed to another user, so module state can only carry over between
 * calls of the same user. The only host object inside is `hostRef`, kept in a closure of the
 * bootstrap (the global that carried it is deleted before plugin code runs).
 */
class WarmContext {
  /**
   * @param {string} user
   * @param {HostCall} hostCall
   */
  constructor(user, hostCall) {
    this.user = user;
    /**
     * The call being served, read by `hostCall`; undefined between calls and while loading.
     * @type {Binding}
     */
    this.binding = { call: undefined, answered: false };
    this.hostRef = new ivm.Reference(
      /** @type {(capability: string, method: string, args: string) => Promise<string>} */
      (capability, method, args) => hostCall(this.binding, capability, method, args),
    );
    /** @type {import('isolated-vm').Context | undefined} */
    this.context = undefined;
    /** @type {import('isolated-vm').Reference | undefined} */
    this.entry = undefined;
    this.lastUsed = Date.now();
    this.released = false;
    live += 1;
  }

  /**
   * References first, then the context: a context the host still holds keeps the isolate's GC
   * from reclaiming it (isolated-vm's caveat), so every discarded context is released.
   */
  release() {
    if (this.released) return;
    this.released = true;
    live -= 1;
    this.binding.call = undefined;
    for (const handle of [this.entry, this.hostRef, this.context]) {
      if (!handle) continue;
      try {
        handle.release();
      } catch {
        // the isolate is gone, and every handle with it
      }
    }
  }
}

function liveContexts() {
  return live;
}

module.exports = { WarmContext, liveContexts };
