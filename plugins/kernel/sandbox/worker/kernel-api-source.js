'use strict';
/**
 * Part of the bootstrap (inserted into its closure: it uses `K`, `callHost`, `logMethod`,
 * `KernelError`, `ToolError` and the captured intrinsics): the `kernel:api` module. Its capability objects
 * and their methods are the host's table (`K.remote`), so a method the host adds reaches plugins
 * without a change here. Every capability object exists; its methods cross to the host, which
 * answers `capability_denied` for an ungranted one. The SDK's conveniences (positional arguments,
 * `http.get`, `llm.complete`…) are added over the table's methods where the table has them.
 */
const KERNEL_API_SOURCE = `
const API = { KernelError: KernelError, ToolError: ToolError };
for (const capability of ObjectKeys(K.remote)) {
  const api = {};
  for (const method of K.remote[capability]) {
    api[method] = function (payload) { return callHost(capability, method, payload); };
  }
  API[capability] = api;
}
function extend(capability, build) {
  if (API[capability] !== undefined) build(API[capability]);
}
extend('http', function (http) {
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
});
extend('llm', function (llm) {
  const llmChat = llm.chat;
  llm.complete = function (prompt, options) {
    const request = Object.assign({}, options);
    const system = request.system;
    delete request.system;
    request.messages = typeof system === 'string' ? [{ role: 'system', content: system }, { role: 'user', content: prompt }] : [{ role: 'user', content: prompt }];
    return RApply(promiseThen, llmChat(request), [function (reply) { return reply.content; }]);
  };
});
extend('kv', function (kv) {
  const raw = Object.assign({}, kv);
  kv.get = function (key) { return raw.get({ key: key }); };
  kv.set = function (key, value, options) { return raw.set({ key: key, value: value === undefined ? null : value, ttlSeconds: options && options.ttlSeconds }); };
  kv.delete = function (key) { return raw.delete({ key: key }); };
  kv.list = function (prefix, limit) { return raw.list({ prefix: prefix, limit: limit }); };
});
extend('workspace', function (workspace) {
  // Every workspace method takes the path first; write takes the content next.
  for (const method of ObjectKeys(workspace)) {
    const raw = workspace[method];
    workspace[method] = method === 'write'
      ? function (path, content, options) { return raw(Object.assign({}, options, { path: path, content: content })); }
      : function (path, options) { return raw(Object.assign({}, options, { path: path })); };
  }
});
extend('platform', function (platform) {
  const platformCall = platform.call;
  platform.call = function (action, args) { return platformCall({ action: action, args: args === undefined ? {} : args }); };
});
API.log = { debug: logMethod('debug'), info: logMethod('info'), warn: logMethod('warn'), error: logMethod('error') };
for (const name of ObjectKeys(API)) {
  if (name !== 'KernelError' && name !== 'ToolError') ObjectFreeze(API[name]);
}
ObjectFreeze(API);
`;

module.exports = { KERNEL_API_SOURCE };
