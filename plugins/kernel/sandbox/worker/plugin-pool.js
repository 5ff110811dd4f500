'use strict';
/* global setImmediate */
const { IsolateSlot } = require('./isolate-slot');

/**
 * The isolates of one plugin version in this worker: created on first use, at most
 * `maxIsolates` at once, one call per isolate; extra calls wait their turn. Idle spares
 * are disposed after `spareIdleMs`, the last warm one after `idleMs`.
 */
class PluginPool {
  /**
   * @param {{ key: string, id: string, code: string, grants: string[], memoryMb: number, cpuMs: number, timeoutMs: number }} spec
   * @param {{ maxIsolates: number, idleMs: number, spareIdleMs: number, bootstrap: object }} options
   * @param {{ hostCall: Function, onCatastrophic: Function }} hooks
   */
  constructor(spec, options, hooks) {
    this.spec = spec;
    this.options = options;
    this.hooks = hooks;
    this.grants = new Set(spec.grants);
    this.slots = [];
    this.waiters = [];
  }

  /** @returns {Promise<IsolateSlot>} */
  lease() {
    this.slots = this.slots.filter((slot) => !slot.dead);
    const idle = this.slots.find((slot) => !slot.busy && slot.ready) || this.slots.find((slot) => !slot.busy);
    if (idle) {
      idle.busy = true;
      // Back-to-back calls outrun context preparation: a spare isolate prepares while this one works.
      if (!idle.ready && this.slots.length < this.options.maxIsolates) this.spareSlot();
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

  release(slot) {
    slot.lastUsed = Date.now();
    if (slot.dead) {
      this.slots = this.slots.filter((s) => s !== slot);
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
    if (waiter) waiter.resolve(slot);
    else slot.busy = false;
    // After the current turn, so the answer just sent leaves before the isolate gets busy again.
    setImmediate(() => slot.prepareNext());
  }

  spareSlot() {
    try {
      const spare = new IsolateSlot(this);
      this.slots.push(spare);
      spare.prepareNext();
    } catch {
      // no spare then; the call proceeds on the slot it has
    }
  }

  newSlot() {
    const slot = new IsolateSlot(this);
    slot.busy = true;
    this.slots.push(slot);
    return slot;
  }

  sweep(now) {
    const idle = this.slots.filter((slot) => !slot.busy && !slot.dead).sort((a, b) => b.lastUsed - a.lastUsed);
    idle.forEach((slot, index) => {
      const limit = index === 0 ? this.options.idleMs : this.options.spareIdleMs;
      if (now - slot.lastUsed > limit) slot.dispose();
    });
    this.slots = this.slots.filter((slot) => !slot.dead);
  }

  dispose() {
    for (const slot of this.slots) slot.dispose();
    this.slots = [];
  }

  heapBytes() {
    return this.slots.reduce((sum, slot) => (slot.dead ? sum : sum + slot.isolate.getHeapStatisticsSync().used_heap_size), 0);
  }
}

module.exports = { PluginPool };
