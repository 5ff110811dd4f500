'use strict';
/**
 * Run first by the sandbox worker (before it loads isolated-vm or any plugin): closes the file
 * descriptors it inherited from the server. Node opens its own descriptors close-on-exec, but
 * whatever the server itself inherited without that flag (a database file, a socket, a pipe
 * from the process that started it) would otherwise stay open in the worker, past any change
 * of user: an isolate escape could read or write through it.
 *
 * Linux only (it reads /proc/self/fd); elsewhere it does nothing. What it keeps: 0-2, the
 * IPC channel to the supervisor, and the descriptors Node's own event loop made before this
 * file ran (epoll, eventfd, io_uring and timer handles, the self-pipes whose two ends are both
 * here, /dev/null). Everything else — files, directories, sockets, lone pipe ends, devices —
 * is closed.
 */
const { closeSync, readdirSync, readlinkSync } = require('node:fs');

const EVENT_LOOP_HANDLES = /^anon_inode:(\[(eventpoll|eventfd|io_uring|timerfd|signalfd)\]|inotify)$/;

/**
 * @param {string} [fdDir] where the process's descriptors are listed
 * @param {number | undefined} [channelFd] the IPC channel, kept open
 * @returns {number[]} the descriptors closed
 */
function closeInheritedDescriptors(fdDir = '/proc/self/fd', channelFd = channelDescriptor()) {
  const open = listDescriptors(fdDir, channelFd);
  const pipeEnds = new Map();
  for (const target of open.values()) {
    if (target.startsWith('pipe:')) pipeEnds.set(target, (pipeEnds.get(target) || 0) + 1);
  }
  const closed = [];
  for (const [fd, target] of open) {
    if (EVENT_LOOP_HANDLES.test(target) || target === '/dev/null') continue;
    if (target.startsWith('pipe:') && pipeEnds.get(target) > 1) continue;
    try {
      closeSync(fd);
      closed.push(fd);
    } catch {
      // already gone
    }
  }
  return closed;
}

/**
 * fd -> what it points at, for every descriptor above 2 but the channel.
 * @param {string} fdDir
 * @param {number | undefined} channelFd
 * @returns {Map<number, string>}
 */
function listDescriptors(fdDir, channelFd) {
  const open = new Map();
  let names;
  try {
    names = readdirSync(fdDir);
  } catch {
    return open;
  }
  for (const name of names) {
    const fd = Number(name);
    if (!Number.isInteger(fd) || fd <= 2 || fd === channelFd) continue;
    try {
      open.set(fd, readlinkSync(`${fdDir}/${name}`));
    } catch {
      // the listing's own descriptor, closed by now
    }
  }
  return open;
}

function channelDescriptor() {
  const channel = /** @type {{ fd?: number } | undefined} */ (process.channel);
  return channel && typeof channel.fd === 'number' ? channel.fd : undefined;
}

module.exports = { closeInheritedDescriptors };
