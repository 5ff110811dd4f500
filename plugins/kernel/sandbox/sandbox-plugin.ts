/** What a sandbox worker needs to run one plugin version; `key` changes whenever the code does. */
export interface SandboxPlugin {
  key: string;
  id: string;
  code: string;
  /** Granted capability names. */
  grants: string[];
  memoryMb: number;
  cpuMs: number;
  timeoutMs: number;
}

export interface SandboxRunRequest {
  key: string;
  /**
   * Whose call this is (the actor's user id). The worker keeps one warm context per plugin
   * version and user, so module state is shared between calls of this user and never beyond.
   */
  user: string;
  /** The input as JSON text. */
  input: string;
  cpuMs: number;
  timeoutMs: number;
  signal?: AbortSignal;
}
