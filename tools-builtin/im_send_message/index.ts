/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { notify, ToolError } from 'kernel:api';

type Format = 'slack' | 'feishu' | 'dingtalk' | 'generic';

interface Input {
  webhook_url: string;
  text: string;
  title?: string;
  format?: Format;
}

interface Output {
  id: string;
  format: Format;
  status: number | null;
}

// Well-known incoming-webhook hosts, so the model need not name the format for them.
const HOST_FORMATS: Array<[RegExp, Format]> = [
  [/(^|\.)hooks\.slack\.com$/, 'slack'],
  [/(^|\.)(open\.feishu\.cn|open\.larksuite\.com)$/, 'feishu'],
  [/(^|\.)oapi\.dingtalk\.com$/, 'dingtalk'],
];

/**
 * Goes through `notify` (channel `im`) rather than raw `http`: the host builds the body,
 * posts it through the egress guard without credentials or redirects, and reads the
 * platform's own error codes; the tool needs no broad `http` grant.
 */
export default async function imSendMessage(input: Input): Promise<Output> {
  const format = input.format ?? formatOf(input.webhook_url);
  const receipt = await notify.send({ channel: 'im', to: input.webhook_url, title: input.title, message: input.text, format });
  // A chat platform refusing the message (an HTTP error, or its own error code) is the send failing.
  if (!receipt.delivered) throw new ToolError('not_delivered', receipt.detail ?? 'The chat platform did not accept the message.');
  return { id: receipt.id, format, status: receipt.status ?? null };
}

function formatOf(url: string): Format {
  const host = (/^[a-z]+:\/\/([^/?#:]+)/i.exec(url)?.[1] ?? '').toLowerCase();
  return HOST_FORMATS.find(([pattern]) => pattern.test(host))?.[1] ?? 'generic';
}
