import { CapabilityName } from '../../../core/domain/tool/tool-descriptor';

/**
 * SDK methods that cross to the host, per capability; `log` stays in the isolate. The one
 * list: the router serves exactly these, and the supervisor sends it to every sandbox worker,
 * which builds `kernel:api` from it.
 */
export const CAPABILITY_METHODS: Readonly<Record<Exclude<CapabilityName, 'log'>, ReadonlyArray<string>>> = {
  http: ['request'],
  llm: ['chat'],
  knowledge: ['search', 'listBases', 'addDocument', 'answer'],
  workspace: ['read', 'write', 'list', 'stat', 'exists', 'delete', 'mkdir'],
  kv: ['get', 'set', 'delete', 'list'],
  datasource: ['list', 'resolve', 'query'],
  platform: ['call'],
  notify: ['send'],
};
