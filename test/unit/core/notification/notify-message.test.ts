import { imAccepted, imPayload } from '../../../../core/domain/notification/im-payload';
import { checkNotifyMessage } from '../../../../core/domain/notification/notify-message';

describe('checkNotifyMessage', () => {
  it('When only a message is given, Then it is an in_app notification with an empty title and data', () => {
    expect(checkNotifyMessage({ message: 'hi' })).toEqual({ ok: true, value: { channel: 'in_app', title: '', message: 'hi', data: {} } });
  });

  it('When the title has line breaks, Then they become spaces (titles become subjects and headers)', () => {
    expect(checkNotifyMessage({ channel: 'email', to: 'a@example.com', title: ' A\r\nBcc: x@y.z ', message: 'm' })).toMatchObject({
      value: { title: 'A Bcc: x@y.z' },
    });
  });

  it('When an im message has no format, Then it defaults to generic', () => {
    expect(checkNotifyMessage({ channel: 'im', to: 'https://chat.example.com/hook', message: 'm' })).toMatchObject({ value: { format: 'generic' } });
  });

  it.each([
    [{ channel: 'sms', message: 'm' }, ['channel']],
    [{ message: '' }, ['message']],
    [{ message: 'x'.repeat(16_001) }, ['message']],
    [{ message: 'm', title: 'x'.repeat(201) }, ['title']],
    [{ message: 'm', to: 'someone' }, ['to']],
    [{ message: 'm', format: 'slack' }, ['format']],
    [{ channel: 'email', message: 'm' }, ['to']],
    [{ channel: 'email', to: 'a@b', message: 'm' }, ['to']],
    [{ channel: 'webhook', to: 'javascript:alert(1)', message: 'm' }, ['to']],
    [{ channel: 'im', to: 'https://x.test/h', message: 'm', format: 'teams' }, ['format']],
    [{ message: 'm', data: [1] as never }, ['data']],
  ])('When the message is %j, Then the issues name %j', (message, fields) => {
    const check = checkNotifyMessage(message);
    expect(check.ok).toBe(false);
    expect(check.ok ? [] : check.issues.map((i) => i.field).sort()).toEqual(fields);
  });
});

describe('imPayload and imAccepted', () => {
  it('When there is no title, Then Feishu and DingTalk get their plain text shapes', () => {
    expect(imPayload('feishu', '', 'hi', {})).toEqual({ msg_type: 'text', content: { text: 'hi' } });
    expect(imPayload('dingtalk', '', 'hi', {})).toEqual({ msgtype: 'text', text: { content: 'hi' } });
    expect(imPayload('slack', '', 'hi', {})).toEqual({ text: 'hi' });
    expect(imPayload('generic', '', 'hi', { a: 1 })).toEqual({ title: null, text: 'hi', data: { a: 1 } });
  });

  it.each<[Parameters<typeof imAccepted>, ReturnType<typeof imAccepted>]>([
    [['slack', 200, 'ok'], { delivered: true }],
    [['generic', 204, ''], { delivered: true }],
    [['slack', 403, 'invalid_token'], { delivered: false, detail: 'The chat platform answered HTTP 403' }],
    [['feishu', 200, '{"code":0,"msg":"success"}'], { delivered: true }],
    [['feishu', 200, '{"StatusCode":0}'], { delivered: true }],
    [['feishu', 200, '{"code":9499,"msg":"Bad Request"}'], { delivered: false, detail: 'The chat platform refused the message (code 9499): Bad Request' }],
    [['feishu', 200, 'not json'], { delivered: true }],
    [['dingtalk', 200, '{"errcode":0,"errmsg":"ok"}'], { delivered: true }],
    [
      ['dingtalk', 200, '{"errcode":300001,"errmsg":"token is not exist"}'],
      { delivered: false, detail: 'The chat platform refused the message (code 300001): token is not exist' },
    ],
  ])('When %j is answered, Then the verdict is %j', (args, verdict) => {
    expect(imAccepted(...args)).toEqual(verdict);
  });
});
