'use strict';
const { bootstrapConstants } = require('./bootstrap-source');
const { IsolateSlot } = require('./isolate-slot');

/**
 * One plugin version as the supervisor loads it: its bundle, grants and clamped limits.
 * @typedef {{ key: string, id: string, code: string, grants: string[], memoryMb: number, cpuMs: number, timeoutMs: number }} PluginSpec
 */
/**
 * What the pools call back into the worker for.
 * @typedef {object} PoolHooks
 * @property {import('./warm-context').HostCall} hostCall answers an isolate's capability call
 * @property {(keep: import('./warm-context').WarmContext) => void} trimContexts sheds contexts over the worker's cap
 * @property {(key: string, message: string) => void} onCatastrophic
 */

/**
 * The isolates of one plugin version in this worker: created on first use, at most
 * `maxIsolates` at once, one call per isolate; extra calls wait their turn, first come first
 * served. A call goes to an idle isolate that holds its user's warm context when there is one.
 * Idle spares are disposed after `spareIdleMs`, the last warm one after `idleMs`; contexts
 * unused for `contextIdleMs` are released.
 */
class PluginPool {
  /**
   * @param {PluginSpec} spec
   * @param {import('./sandbox-worker').WorkerOptions} options
   * @param {PoolHooks} hooks
   */
  constructor(spec, options, hooks) {
    this.spec = spec;
    this.options = options;
    this.hooks = hooks;
    this.grants = new Set(spec.grants);
    /** What the bootstrap's install function is given: the grants and output and log caps. */
    this.constants = bootstrapConstants({ grants: spec.grants, ...options.bootstrap });
    /** @type {IsolateSlot[]} */
    this.slots = [];
    /** @type {{ resolve: (slot: IsolateSlot) => void, reject: (error: unknown) => void }[]} */
    this.waiters = [];
  }

  /**
   * @param {string} user
   * @returns {Promise<IsolateSlot>}
   */
  lease(user) {
    /** @type {IsolateSlot | undefined} */
    let idle;
    for (const slot of this.slots) {
      if (slot.busy || slot.dead) continue;
      // Work a finished call left behind may spin an idle isolate: no call waits behind it.
      if (slot.spinningWhileIdle()) {
        slot.kill('unavailable', 'Work left behind by an earlier call kept the isolate busy');
        continue;
      }
      if (slot.contexts.has(user)) {
        idle = slot;
        break;
      }
      idle ??= slot;
    }
    this.dropDead();
    if (idle) {
      idle.busy = true;
      return Promise.resolve(idle);
    }
    if (this.slots.length < this.options.maxIsolates) {
      try {
        return Promise.resolve(this.newSlot());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** @param {IsolateSlot} slot */
  release(slot) {
    if (slot.dead) {
      this.dropDead();
      const waiter = this.waiters.shift();
      if (!waiter) return;
      try {
        waiter.resolve(this.newSlot());
      } catch (error) {
        waiter.reject(error);
      }
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) {
      slot.lastUsed = Date.now();
      waiter.resolve(slot);
    } else {
      slot.markIdle();
    }
    slot.sampleHeapSoon();
  }

  newSlot() {
    const slot = new IsolateSlot(this);
    slot.busy = true;
    this.slots.push(slot);
    return slot;
  }

  dropDead() {
    if (!this.slots.some((slot) => slot.dead)) return;
    // Disposed by a limit, not by `kill`, maybe: its call still reads `killedBecause`, so only the handles go.
    for (const slot of this.slots) if (slot.dead) slot.releaseContexts();
    this.slots = this.slots.filter((slot) => !slot.dead);
  }

  /** Called by the worker's CPU watch. */
  checkCpu() {
    for (const slot of this.slots) slot.checkCpu();
  }

  /** @param {number} now */
  sweep(now) {
    for (const slot of this.slots) {
      if (slot.busy || slot.dead) continue;
      for (const warm of slot.contexts.values()) {
        if (now - warm.lastUsed > this.options.contextIdleMs) slot.discard(warm);
      }
    }
    const idle = this.slots.filter((slot) => !slot.busy && !slot.dead).sort((a, b) => b.lastUsed - a.lastUsed);
    idle.forEach((slot, index) => {
      const limit = index === 0 ? this.options.idleMs : this.options.spareIdleMs;
      if (now - slot.lastUsed > limit) slot.dispose();
    });
    this.dropDead();
  }

  dispose() {
    for (const slot of this.slots) slot.dispose();
    this.slots = [];
  }
}

module.exports = { PluginPool };
