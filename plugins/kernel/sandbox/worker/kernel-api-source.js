'use strict';
/**
 * Part of the bootstrap (inserted into its closure: it uses `K`, `callHost`, `logMethod`,
 * `KernelError` and the captured intrinsics): the `kernel:api` module. Every capability object
 * exists; its methods cross to the host, which answers `capability_denied` for an ungranted one.
 */
const KERNEL_API_SOURCE = `
function remote(capability) {
  const api = {};
  for (const method of K.remote[capability]) {
    api[method] = function (payload) { return callHost(capability, method, payload); };
  }
  return api;
}
const http = remote('http');
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
const llm = remote('llm');
const llmChat = llm.chat;
llm.complete = function (prompt, options) {
  const request = Object.assign({}, options);
  const system = request.system;
  delete request.system;
  request.messages = typeof system === 'string' ? [{ role: 'system', content: system }, { role: 'user', content: prompt }] : [{ role: 'user', content: prompt }];
  return RApply(promiseThen, llmChat(request), [function (reply) { return reply.content; }]);
};
const kv = remote('kv');
const kvSet = kv.set;
kv.get = ((get) => function (key) { return get({ key: key }); })(kv.get);
kv.set = function (key, value, options) { return kvSet({ key: key, value: value === undefined ? null : value, ttlSeconds: options && options.ttlSeconds }); };
kv.delete = ((del) => function (key) { return del({ key: key }); })(kv.delete);
kv.list = ((list) => function (prefix, limit) { return list({ prefix: prefix, limit: limit }); })(kv.list);
const workspace = remote('workspace');
for (const method of ['read', 'stat', 'exists', 'delete', 'mkdir', 'list']) {
  const raw = workspace[method];
  workspace[method] = function (path, options) { return raw(Object.assign({}, options, { path: path })); };
}
const workspaceWrite = workspace.write;
workspace.write = function (path, content, options) { return workspaceWrite(Object.assign({}, options, { path: path, content: content })); };
const platform = remote('platform');
const platformCall = platform.call;
platform.call = function (action, args) { return platformCall({ action: action, args: args === undefined ? {} : args }); };
const knowledge = remote('knowledge');
const datasource = remote('datasource');
const notify = remote('notify');
const log = { debug: logMethod('debug'), info: logMethod('info'), warn: logMethod('warn'), error: logMethod('error') };

const API = ObjectFreeze({
  KernelError: KernelError,
  http: ObjectFreeze(http), llm: ObjectFreeze(llm), knowledge: ObjectFreeze(knowledge),
  workspace: ObjectFreeze(workspace), kv: ObjectFreeze(kv), datasource: ObjectFreeze(datasource),
  platform: ObjectFreeze(platform), notify: ObjectFreeze(notify), log: ObjectFreeze(log),
});
`;

module.exports = { KERNEL_API_SOURCE };
