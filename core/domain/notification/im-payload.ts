import { JsonObject, JsonValue } from '../../shared/json';

export const IM_FORMATS = ['slack', 'feishu', 'dingtalk', 'generic'] as const;
export type ImFormat = (typeof IM_FORMATS)[number];

const MAX_DETAIL = 200;

/**
 * The JSON body a chat platform's incoming webhook expects: Slack `{text}` (with
 * mrkdwn), Feishu/Lark `text` or, with a title, `post`; DingTalk `text` or, with a title,
 * `markdown`; `generic` is `{title, text, data}` for anything else (Teams workflows,
 * Mattermost, Discord-compatible bridges, a team's own receiver).
 */
export function imPayload(format: ImFormat, title: string, message: string, data: JsonObject): JsonObject {
  switch (format) {
    case 'slack':
      return { text: title ? `*${title}*\n${message}` : message };
    case 'feishu':
      if (!title) return { msg_type: 'text', content: { text: message } };
      return { msg_type: 'post', content: { post: { zh_cn: { title, content: [[{ tag: 'text', text: message }]] } } } };
    case 'dingtalk':
      if (!title) return { msgtype: 'text', text: { content: message } };
      return { msgtype: 'markdown', markdown: { title, text: `#### ${title}\n\n${message}` } };
    default:
      return { title: title || null, text: message, data };
  }
}

/**
 * Whether the platform took the message. Feishu and DingTalk answer HTTP 200 with an
 * error code in the body (`{code: 19001}`, `{errcode: 310000}`), so 2xx alone is not enough.
 */
export function imAccepted(format: ImFormat, status: number, body: string): { delivered: boolean; detail?: string } {
  if (status < 200 || status >= 300) return { delivered: false, detail: `The chat platform answered HTTP ${status}` };
  if (format !== 'feishu' && format !== 'dingtalk') return { delivered: true };
  const answer = parseObject(body);
  const code = format === 'feishu' ? (answer?.code ?? answer?.StatusCode) : answer?.errcode;
  if (code === undefined || code === 0) return { delivered: true };
  const text = format === 'feishu' ? (answer?.msg ?? answer?.StatusMessage) : answer?.errmsg;
  const reason = typeof text === 'string' ? `: ${text.slice(0, MAX_DETAIL)}` : '';
  return { delivered: false, detail: `The chat platform refused the message (code ${String(code)})${reason}` };
}

function parseObject(body: string): { [key: string]: JsonValue } | undefined {
  try {
    const value = JSON.parse(body) as JsonValue;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
