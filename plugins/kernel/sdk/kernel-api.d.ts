/**
 * The plugin-author SDK: everything sandboxed tool code can import, from `kernel:api` only.
 *
 * FROZEN for kernel 1.x. Additions are backwards compatible; nothing here changes shape.
 *
 * ```ts
 * /// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
 * import { http, log } from 'kernel:api';
 *
 * export default async function run(input: { url: string }) {
 *   const res = await http.get(input.url);
 *   log.info(`fetched ${res.status}`);
 *   return { status: res.status, text: res.body };
 * }
 * ```
 *
 * Every capability object is always present, but only the ones the manifest declares
 * under `capabilities` work: a call to an ungranted one rejects with a `KernelError` whose
 * `code` is `capability_denied` (and, uncaught, the tool call fails with that code). A tool
 * reports its own failures by throwing a `ToolError` with a machine-readable reason.
 * All values crossing to the host are copied as JSON: functions, class instances,
 * `undefined`, `Map`/`Set` and cycles do not survive. The globals the kernel adds to the
 * isolate (`TextEncoder`/`TextDecoder`, `atob`/`btoa`, timers, `console`) are declared in
 * `sandbox-globals.d.ts`, next to this file.
 */
declare module 'kernel:api' {
  export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

  /**
   * Codes a capability call can fail with:
   * - `capability_denied`: not declared in the manifest, or outside its allow-list (host, method, action…);
   * - `invalid_argument`: the call's arguments are malformed (bad path, bad key, wrong type…);
   * - `forbidden_target`: the egress guard refused the destination (private, loopback, metadata address…);
   * - `not_found`: the file, key or record does not exist (where a method does not return null for it);
   * - `conflict`: the record is not in a state that allows the change (an illegal task transition, a duplicate…);
   * - `too_large`: a body, file or value is over its cap;
   * - `quota_exceeded`: a quota is spent: per call (e.g. number of HTTP or LLM calls), per user (a full
   *   `kv` namespace or workspace) or per day (e-mails, schedules created, workspace writes); uncaught, the
   *   tool call fails with it;
   * - `timeout`: the host operation took too long;
   * - `upstream_error`: the remote service or provider failed (DNS, connection, 5xx from a provider…);
   * - `unavailable`: the capability exists but this host has no provider for it, or it is called during `init()`.
   */
  export type KernelErrorCode =
    | 'capability_denied'
    | 'invalid_argument'
    | 'forbidden_target'
    | 'not_found'
    | 'conflict'
    | 'too_large'
    | 'quota_exceeded'
    | 'timeout'
    | 'upstream_error'
    | 'unavailable';

  /**
   * The only error type capability calls reject with. `message` never holds host internals.
   * Uncaught, a `capability_denied`, `unavailable`, `timeout` or `quota_exceeded` one fails the call
   * with that code; any other fails it with `runtime_error` and its code as the `reason`.
   */
  export class KernelError extends Error {
    readonly code: KernelErrorCode;
    /** The capability that failed, e.g. `http`. */
    readonly capability: string;
  }

  /**
   * How a tool fails: throw it when the input cannot be processed, the target refused or a limit
   * was hit. A negative answer that is the normal result of the question (a key not found, no
   * matches, a remote's HTTP 404) is a result instead, described in the output schema.
   *
   * Uncaught, it fails the call with `runtime_error`, this `reason` and this `message`, except the
   * reason `invalid_input` (arguments the input schema could not refuse: two that exclude each
   * other, one that another requires), which fails it with the outcome code `invalid_input`.
   * Kernel 1.2.0 and later.
   *
   * ```ts
   * throw new ToolError('invalid_pattern', `The pattern does not compile: ${error.message}`);
   * ```
   */
  export class ToolError extends Error {
    /**
     * @param reason snake_case, 1–64 characters (`invalid_pattern`, `unknown_unit`); anything else
     *   makes the constructor throw a `TypeError`.
     * @param message for the model and the user: what went wrong and how to do better; no secrets.
     */
    constructor(reason: string, message: string);
    readonly reason: string;
  }

  // ---------------------------------------------------------------- http

  export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

  export interface HttpRequest {
    /** Absolute http(s) URL. Its host must match the manifest's `capabilities.http.hosts`. */
    url: string;
    /** Default `GET`; must be in the manifest's `capabilities.http.methods`. */
    method?: HttpMethod;
    headers?: Record<string, string>;
    /** Request body: text, or base64 when `bodyEncoding` is `base64`. */
    body?: string;
    bodyEncoding?: 'utf8' | 'base64';
    /** How the response body is returned: text (default) or base64 for binary content. */
    responseEncoding?: 'utf8' | 'base64';
    /** Lowered to the manifest's `maxBytes` and the host maximum. */
    maxBytes?: number;
    /** Lowered to what is left of the tool call's own deadline. */
    timeoutMs?: number;
  }

  export interface HttpResponse {
    status: number;
    /** Lower-cased header names; repeated headers joined with `, `. */
    headers: Record<string, string>;
    body: string;
    /** The final URL, after at most 3 redirects (each hop re-checked by the egress guard). */
    url: string;
  }

  /**
   * Outbound HTTP through the host's egress guard: http/https only, public unicast
   * addresses only, redirects followed by the host (max 3), body and time caps.
   * A non-2xx status is a normal response, not an error.
   */
  export const http: {
    request(request: HttpRequest): Promise<HttpResponse>;
    get(url: string, options?: Omit<HttpRequest, 'url' | 'method' | 'body'>): Promise<HttpResponse>;
    /** `body` that is not a string is sent as JSON with `content-type: application/json`. */
    post(url: string, body: Json, options?: Omit<HttpRequest, 'url' | 'method' | 'body'>): Promise<HttpResponse>;
  };

  // ---------------------------------------------------------------- llm

  export interface LlmMessage {
    role: 'system' | 'user' | 'assistant';
    content: string;
  }

  export interface LlmChatRequest {
    messages: LlmMessage[];
    /** Default: the host's configured model. */
    model?: string;
    temperature?: number;
    maxTokens?: number;
    /** `json` asks the model for one JSON object. */
    responseFormat?: 'text' | 'json';
    /**
     * Names the kind of prompt (conventionally the tool id, 1–64 letters, digits, `_`, `.`, `-`):
     * the offline model answers by it. Real models never see it.
     */
    task?: string;
  }

  export interface LlmChatResponse {
    content: string;
    model: string;
    usage: { promptTokens: number; completionTokens: number; totalTokens: number };
  }

  /**
   * The platform's chat model, on the caller's LLM call budget (a spent budget rejects
   * with `quota_exceeded`).
   */
  export const llm: {
    chat(request: LlmChatRequest): Promise<LlmChatResponse>;
    /** One user message (and an optional system prompt); resolves to the reply text. */
    complete(prompt: string, options?: Omit<LlmChatRequest, 'messages'> & { system?: string }): Promise<string>;
  };

  // ---------------------------------------------------------------- knowledge

  export interface KnowledgeSearchRequest {
    query: string;
    /** Limit the search to one knowledge base the caller may read; default: all of them. */
    knowledgeBaseId?: string;
    /** Default 5, at most 50. */
    topK?: number;
  }

  export interface KnowledgeHit {
    documentId: string;
    knowledgeBaseId: string;
    filename: string;
    chunkIndex: number;
    content: string;
    score: number;
  }

  export interface KnowledgeBaseSummary {
    id: string;
    name: string;
    description: string;
    documents: number;
    /** Readable by every user. */
    isPublic: boolean;
    /** Whether the caller may add documents to it with `addDocument`. */
    writable: boolean;
  }

  export interface KnowledgeAddDocumentRequest {
    /** A base the caller may write (`writable` in `listBases`). */
    knowledgeBaseId: string;
    /** File name or title, 1–255 characters; search hits report it as `filename`. */
    title: string;
    /** The text, at most 200,000 characters a call; it is split into passages, embedded and indexed. */
    content: string;
    /** Default `text/plain`. */
    contentType?: 'text/plain' | 'text/markdown';
    /** At most 20 flat labels stored with the document (keys 1–64 characters). */
    metadata?: { [key: string]: string | number | boolean };
  }

  export interface KnowledgeAnswerRequest {
    /** 1–4,000 characters, in any language; the answer uses the same language. */
    question: string;
    /** Answer only from this knowledge base; default: every one the caller may read. */
    knowledgeBaseId?: string;
    /** Passages given to the model; default 5, at most 50. */
    topK?: number;
  }

  export interface KnowledgeAnswer {
    answer: string;
    /** False when nothing relevant was found: `answer` says so and no model was asked (`model` null). */
    grounded: boolean;
    /** The passages the model was given, best first; `number` is how the answer cites them (`[1]`). */
    sources: Array<KnowledgeHit & { number: number }>;
    /** Source numbers the answer cites, in order of first citation. */
    citations: number[];
    model: string | null;
    usage: { promptTokens: number; completionTokens: number; totalTokens: number };
  }

  export interface KnowledgeAddDocumentResult {
    documentId: string;
    /** Passages the text was split into. */
    chunks: number;
  }

  /** The caller's knowledge bases (semantic search), as the caller is allowed to see them. */
  export const knowledge: {
    search(request: KnowledgeSearchRequest): Promise<{ items: KnowledgeHit[] }>;
    /** At most the 100 newest bases. */
    listBases(): Promise<{ items: KnowledgeBaseSummary[] }>;
    /**
     * Adds a text to a base; resolves once it is searchable. A base the
     * caller cannot see rejects with `not_found`, one they may only read with `capability_denied`.
     */
    addDocument(request: KnowledgeAddDocumentRequest): Promise<KnowledgeAddDocumentResult>;
    /**
     * The platform's grounded answer (the same prompt and citations as its RAG endpoint): a search,
     * then one model call on the caller's budget that answers only from the passages found. The
     * model call is governed as `llm.chat`'s: the manifest must declare `llm` too (else
     * `capability_denied`), and each answer counts against `llm.maxCalls` (`quota_exceeded` past
     * it). A model that fails rejects with its code (`upstream_error`, `timeout`,
     * `quota_exceeded`, `unavailable`). Kernel 1.1.0 and later.
     */
    answer(request: KnowledgeAnswerRequest): Promise<KnowledgeAnswer>;
  };

  // ---------------------------------------------------------------- workspace

  export interface WorkspaceEntry {
    name: string;
    /** Path relative to the workspace root, `/`-separated. */
    path: string;
    type: 'file' | 'directory';
    size: number;
    modifiedAt: string;
  }

  /**
   * The caller's private file area. Paths are relative, `/`-separated; `..`, absolute paths,
   * backslashes, drive letters, percent-encoded octets, control characters, names over 255 bytes,
   * folders that are symlinks leading outside, and a last name that is a symlink at all are
   * refused with `invalid_argument`.
   * Files are at most 10 MB. Missing files reject with `not_found`. A write or `mkdir` that
   * would take the workspace past its size cap (bytes, or files and folders), or a write past
   * the user's daily write quota, rejects with `quota_exceeded` and changes nothing.
   */
  export const workspace: {
    read(path: string, options?: { encoding?: 'utf8' | 'base64' }): Promise<string>;
    /** Creates parent directories as needed. */
    write(path: string, content: string, options?: { encoding?: 'utf8' | 'base64'; append?: boolean }): Promise<{ size: number }>;
    /** Lists a directory (default: the root). */
    list(path?: string): Promise<WorkspaceEntry[]>;
    stat(path: string): Promise<WorkspaceEntry | null>;
    exists(path: string): Promise<boolean>;
    /** Removes a file or an empty directory; false when nothing was there. */
    delete(path: string): Promise<boolean>;
    mkdir(path: string): Promise<void>;
  };

  // ---------------------------------------------------------------- kv

  /**
   * A small key-value store private to this plugin and the calling user, kept by the host
   * across calls, processes and restarts. Keys are 1–256 characters; a value is JSON up to
   * 64 KB by default (`too_large` past it). Each plugin and user has a quota of keys and bytes
   * (1000 keys and 1 MiB by default): `set` past it rejects with `quota_exceeded` and stores
   * nothing; `delete` and expiry free the room.
   */
  export const kv: {
    /** `null` when absent or expired. */
    get(key: string): Promise<Json | null>;
    set(key: string, value: Json, options?: { ttlSeconds?: number }): Promise<void>;
    /** True when a key was removed. */
    delete(key: string): Promise<boolean>;
    /** Keys starting with `prefix`, sorted, at most `limit` (default 100, max 1000). */
    list(prefix?: string, limit?: number): Promise<string[]>;
  };

  // ---------------------------------------------------------------- datasource

  export interface DatasourceSummary {
    id: string;
    name: string;
    type: string;
  }

  /**
   * The caller's configured data sources; queries are read-only with a statement timeout.
   * - `sqlite` and `mysql` take one SQL statement (SELECT, WITH, SHOW, EXPLAIN) with `?`
   *   placeholders bound from `params`; writes, several statements and session changes are
   *   refused with `invalid_argument`.
   * - `document` takes a JSON text `{"collection", "filter"?, "projection"?, "sort"?, "limit"?, "skip"?}`
   *   (a MongoDB-style filter: `$eq $ne $gt $gte $lt $lte $in $nin $exists $and $or $regex`,
   *   dotted paths) and answers one `document` column, one row per document.
   * `maxRows` defaults to 100 (at most 1000); `truncated` tells that more rows were there.
   * Cells are JSON: binary as base64, big integers, decimals and dates as text.
   */
  export const datasource: {
    list(): Promise<{ items: DatasourceSummary[] }>;
    /**
     * The data source a caller names: by id, by exact name, or by a name differing only in case
     * when exactly one matches. Otherwise rejects with `not_found`, its message listing the
     * caller's data sources (name and type), so a model can retry with one that exists. Kernel 1.1.0
     * and later.
     */
    resolve(request: { name: string }): Promise<DatasourceSummary>;
    query(request: { datasourceId: string; query: string; params?: Json[]; maxRows?: number }): Promise<{
      columns: string[];
      rows: Json[][];
      truncated: boolean;
    }>;
  };

  // ---------------------------------------------------------------- platform

  /** `agents.call`: runs one of the caller's agents (or one they may use) on a message. */
  export interface PlatformAgentCallArgs {
    agentId: string;
    /** 1–32,000 characters. */
    message: string;
  }

  export interface PlatformTokenUsage {
    prompt_tokens: number;
    completion_tokens: number;
    total_tokens: number;
  }

  export interface PlatformAgentReply {
    agent_id: string;
    /** False when the run failed (then `error` says why); `reply` is what the agent said, possibly empty. */
    success: boolean;
    reply: string;
    iterations: number;
    tool_calls: Array<{ name: string; success: boolean }>;
    token_usage: PlatformTokenUsage;
    error?: { code: string; message: string };
  }

  /** `workflows.run`: runs one of the caller's workflows. */
  export interface PlatformWorkflowRunArgs {
    workflowId: string;
    /** The workflow's input (at most 64 KB of JSON); default `{}`. */
    input?: Json;
    /** Default true: run now and resolve with the finished execution; false: queue it and resolve with the `pending` one. */
    wait?: boolean;
  }

  export interface PlatformExecution {
    execution_id: string;
    workflow_id: string;
    status: 'pending' | 'running' | 'paused' | 'completed' | 'failed' | 'cancelled';
    /** `null` until the execution has finished. */
    success: boolean | null;
    output: Json;
    steps_count: number;
    token_usage: PlatformTokenUsage;
    error: { code: string; message: string } | null;
    /** ISO 8601 date-times. */
    started_at: string | null;
    finished_at: string | null;
  }

  export type PlatformTaskStatus = 'pending' | 'claimed' | 'awaiting_approval' | 'completed' | 'failed';
  export type PlatformTaskPriority = 'low' | 'normal' | 'high' | 'urgent';

  /** `tasks.create`: a task owned by the caller. */
  export interface PlatformTaskCreateArgs {
    /** 1–200 characters. */
    title: string;
    /** At most 10,000 characters. */
    description?: string;
    /** One of the caller's goals. */
    goalId?: string;
    /** Default `normal`. */
    priority?: PlatformTaskPriority;
    /** Completing it then waits for approval (`awaiting_approval`). */
    requiresApproval?: boolean;
    /** Ids of tasks that must be completed first (at most 50). */
    dependsOn?: string[];
    /** ISO 8601: a date (`2024-06-01`, midnight UTC) or a date-time with `Z` or an offset. */
    dueAt?: string;
  }

  export interface PlatformTask {
    id: string;
    goal_id: string | null;
    title: string;
    description: string;
    status: PlatformTaskStatus;
    priority: PlatformTaskPriority;
    requires_approval: boolean;
    depends_on: string[];
    due_at: string | null;
    created_at: string;
  }

  /**
   * `tasks.update_status`: moves a task by the one transition leading to `status`:
   * pending → claimed (claim), claimed → pending (release), claimed → completed (complete; a
   * task that requires approval lands in `awaiting_approval`), claimed → failed (fail),
   * failed → pending (retry), awaiting_approval → completed (approve) or → claimed (reject).
   * Any other move rejects with `conflict`.
   */
  export interface PlatformTaskStatusArgs {
    taskId: string;
    status: 'pending' | 'claimed' | 'completed' | 'failed';
    /** Kept with a completed task (at most 64 KB of JSON). */
    result?: Json;
    /** Why it failed (`failed`); at most 2,000 characters. */
    reason?: string;
  }

  export interface PlatformTaskMove {
    task: PlatformTask & { result: Json; failure_reason: string | null; completed_at: string | null };
    previous_status: PlatformTaskStatus;
    /** The transition made: `claim`, `release`, `complete`, `fail`, `approve`, `reject` or `retry`. */
    action: string;
  }

  /** `schedules.create`: a stored run of one of the caller's agents or workflows. Exactly one of `cron` and `runAt`. */
  export interface PlatformScheduleArgs {
    targetType: 'agent' | 'workflow';
    targetId: string;
    /** Five-field cron expression (`0 9 * * 1-5`) or `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`, read in `timezone`. */
    cron?: string;
    /** One run at this ISO 8601 date-time (with `Z` or an offset), in the future and at most a year ahead. */
    runAt?: string;
    /** IANA zone, default `UTC`. */
    timezone?: string;
    /** What each run gets as input (an agent: its message); at most 16 KB of JSON. */
    input?: Json;
    /** 1–120 characters; default: the target's name with ` (scheduled)`. */
    name?: string;
  }

  export interface PlatformSchedule {
    id: string;
    name: string;
    target_type: 'agent' | 'workflow';
    target_id: string;
    cron: string | null;
    run_at: string | null;
    timezone: string;
    enabled: boolean;
    /** ISO 8601; `null` once a one-shot schedule has run. */
    next_run_at: string | null;
  }

  /**
   * The agent platform itself, acting as the calling user with exactly their rights: a record
   * they may not see rejects with `not_found`. The manifest narrows the allowed actions with
   * `capabilities.platform.actions`. Results are snake_case records, dates ISO 8601.
   *
   * | action | args | result |
   * |---|---|---|
   * | `agents.call` | `PlatformAgentCallArgs` | `PlatformAgentReply` |
   * | `workflows.run` | `PlatformWorkflowRunArgs` | `PlatformExecution` |
   * | `tasks.create` | `PlatformTaskCreateArgs` | `PlatformTask` |
   * | `tasks.update_status` | `PlatformTaskStatusArgs` | `PlatformTaskMove` |
   * | `schedules.create` | `PlatformScheduleArgs` | `PlatformSchedule` |
   *
   * Unknown actions and unknown or malformed fields reject with `invalid_argument`; an illegal
   * task move with `conflict`. Per tool call: at most 3 `agents.call` and `workflows.run`
   * together (each is a whole nested run, on the caller's LLM budget, ended with the tool call;
   * one is not started with less than 1 s left: `timeout`), 20 task writes and 5 schedules
   * (`quota_exceeded` beyond).
   */
  export const platform: {
    call(action: 'agents.call', args: PlatformAgentCallArgs): Promise<PlatformAgentReply>;
    call(action: 'workflows.run', args: PlatformWorkflowRunArgs): Promise<PlatformExecution>;
    call(action: 'tasks.create', args: PlatformTaskCreateArgs): Promise<PlatformTask>;
    call(action: 'tasks.update_status', args: PlatformTaskStatusArgs): Promise<PlatformTaskMove>;
    call(action: 'schedules.create', args: PlatformScheduleArgs): Promise<PlatformSchedule>;
    call(action: string, args?: { [key: string]: Json }): Promise<Json>;
  };

  // ---------------------------------------------------------------- notify

  export interface NotifyMessage {
    /** `in_app` (default) notifies the calling user; other channels are host-configured (`email`, `webhook`, `im`). */
    channel?: string;
    /** Channel-specific recipient (an e-mail address, a webhook URL…); omitted for `in_app`. */
    to?: string;
    title?: string;
    message: string;
    data?: { [key: string]: Json };
    /** `im` only: the chat platform's incoming-webhook body shape; default `generic`. */
    format?: 'slack' | 'feishu' | 'dingtalk' | 'generic';
  }

  export interface NotifyReceipt {
    /** The in-app notification's id, or a delivery id. */
    id: string;
    /** False when the receiver answered with a failure or could not be reached (not an error). */
    delivered: boolean;
    channel: string;
    /** HTTP status of a `webhook` or `im` receiver. */
    status?: number;
    /** Why it was not delivered. */
    detail?: string;
  }

  /**
   * Sends a notification. The manifest may narrow channels with `capabilities.notify.channels`.
   * At most 5 sends per tool call; `email` rejects with `unavailable` when the host has no mail server.
   */
  export const notify: {
    send(message: NotifyMessage): Promise<NotifyReceipt>;
  };

  // ---------------------------------------------------------------- log

  /**
   * Lines returned with the tool outcome as `logs` (bounded: 200 lines of 2,000
   * characters per call). Needs the `log` capability like any other (ungranted, each
   * method throws `capability_denied` synchronously); `console.log/info/warn/error/debug`
   * always land here too, without it.
   */
  export const log: {
    debug(message: string, data?: Json): void;
    info(message: string, data?: Json): void;
    warn(message: string, data?: Json): void;
    error(message: string, data?: Json): void;
  };
}
