import { FieldIssue } from '../../shared/domain-error';
import { JsonObject, JsonValue } from '../../shared/json';
import { IM_FORMATS, ImFormat } from './im-payload';

export const NOTIFY_CHANNELS = ['in_app', 'email', 'webhook', 'im'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** A notification as a caller asks for it (the kernel SDK's `notify.send` argument). */
export interface NotifyMessage {
  /** Default `in_app`. */
  channel?: string;
  /** `email`: an address; `webhook` and `im`: an http(s) URL; `in_app`: omitted (the caller is the recipient). */
  to?: string;
  title?: string;
  message: string;
  data?: JsonObject;
  /** `im` only: the chat platform's incoming-webhook body shape; default `generic`. */
  format?: string;
}

export type CheckedNotifyMessage = { title: string; message: string; data: JsonObject } & (
  { channel: 'in_app' } | { channel: 'email'; to: string } | { channel: 'webhook'; to: string } | { channel: 'im'; to: string; format: ImFormat }
);

/** What a send achieved. `delivered` is false when the receiver answered with a failure or could not be reached. */
export interface NotifyReceipt {
  /** The in-app notification's id, or a delivery id for the other channels. */
  id: string;
  channel: NotifyChannel;
  delivered: boolean;
  /** HTTP status of a webhook or IM receiver. */
  status?: number;
  /** Why it was not delivered. */
  detail?: string;
}

export const NOTIFY_LIMITS = { title: 200, message: 16_000, dataChars: 16_384, to: 2048 };

const EMAIL = /^[^\s@<>(),;:"\\[\]]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const HTTP_URL = /^https?:\/\/\S+$/i;

/** Checks a notification completely (every problem at once, named by its field). */
export function checkNotifyMessage(raw: NotifyMessage): { ok: true; value: CheckedNotifyMessage } | { ok: false; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const channel = raw.channel ?? 'in_app';
  if (!(NOTIFY_CHANNELS as ReadonlyArray<string>).includes(channel)) issues.push({ field: 'channel', message: `must be one of ${NOTIFY_CHANNELS.join(', ')}` });
  const title = typeof raw.title === 'string' ? oneLine(raw.title) : '';
  if (raw.title !== undefined && (typeof raw.title !== 'string' || title.length > NOTIFY_LIMITS.title)) {
    issues.push({ field: 'title', message: `must be a string of at most ${NOTIFY_LIMITS.title} characters` });
  }
  const message = typeof raw.message === 'string' ? raw.message : '';
  if (message.trim().length === 0 || message.length > NOTIFY_LIMITS.message) {
    issues.push({ field: 'message', message: `must be 1 to ${NOTIFY_LIMITS.message} characters` });
  }
  const data = raw.data ?? {};
  if (!isObject(data) || JSON.stringify(data).length > NOTIFY_LIMITS.dataChars) {
    issues.push({ field: 'data', message: `must be an object of at most ${NOTIFY_LIMITS.dataChars} characters of JSON` });
  }
  if (raw.format !== undefined && channel !== 'im') issues.push({ field: 'format', message: 'is only used by the im channel' });
  const to = recipient(channel, raw.to, issues);
  const format = raw.format ?? 'generic';
  if (channel === 'im' && !(IM_FORMATS as ReadonlyArray<string>).includes(format))
    issues.push({ field: 'format', message: `must be one of ${IM_FORMATS.join(', ')}` });
  if (issues.length > 0) return { ok: false, issues };
  const common = { title, message, data: data as JsonObject };
  switch (channel as NotifyChannel) {
    case 'in_app':
      return { ok: true, value: { ...common, channel: 'in_app' } };
    case 'im':
      return { ok: true, value: { ...common, channel: 'im', to, format: format as ImFormat } };
    default:
      return { ok: true, value: { ...common, channel: channel as 'email' | 'webhook', to } };
  }
}

function recipient(channel: string, to: string | undefined, issues: FieldIssue[]): string {
  if (channel === 'in_app') {
    if (to !== undefined) issues.push({ field: 'to', message: 'must be omitted: in-app notifications go to the calling user' });
    return '';
  }
  const value = typeof to === 'string' ? to.trim() : '';
  if (channel === 'email' && (value.length > 254 || !EMAIL.test(value))) issues.push({ field: 'to', message: 'must be one e-mail address' });
  if ((channel === 'webhook' || channel === 'im') && (value.length > NOTIFY_LIMITS.to || !HTTP_URL.test(value))) {
    issues.push({ field: 'to', message: 'must be an http(s) URL' });
  }
  return value;
}

/** Titles become subjects and chat headers: no line breaks. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

function isObject(value: JsonValue): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
