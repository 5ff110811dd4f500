import { CapabilityName } from '../../../core/domain/tool/tool-descriptor';

/**
 * SDK methods that cross to the host, per capability; `log` stays in the isolate. Mirrors
 * REMOTE_METHODS in sandbox/worker/bootstrap-source.js (a unit test keeps them equal).
 */
export const CAPABILITY_METHODS: Readonly<Record<Exclude<CapabilityName, 'log'>, ReadonlyArray<string>>> = {
  http: ['request'],
  llm: ['chat'],
  knowledge: ['search', 'listBases', 'addDocument'],
  workspace: ['read', 'write', 'list', 'stat', 'exists', 'delete', 'mkdir'],
  kv: ['get', 'set', 'delete', 'list'],
  datasource: ['list', 'query'],
  platform: ['call'],
  notify: ['send'],
};
