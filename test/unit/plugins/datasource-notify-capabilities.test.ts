import { Actor } from '../../../core/domain/auth/actor';
import { DataSourceGateway, DataSourceQueryRequest } from '../../../core/ports/data-source-gateway.port';
import { NotificationGateway } from '../../../core/ports/notification-gateway.port';
import { NotifyMessage } from '../../../core/domain/notification/notify-message';
import { JsonValue } from '../../../core/shared/json';
import { CapabilityError } from '../../../plugins/kernel/capabilities/capability-error';
import { CapabilityCallContext } from '../../../plugins/kernel/capabilities/capability-handler';
import { DatasourceCapability } from '../../../plugins/kernel/capabilities/datasource-capability';
import { NotifyCapability } from '../../../plugins/kernel/capabilities/notify-capability';

const ACTOR: Actor = { userId: 'user-1', role: 'user' };

function contextWith(remainingMs = 10_000): CapabilityCallContext {
  let calls = 0;
  return {
    pluginId: 'p',
    publisher: 'builtin',
    actor: ACTOR,
    grant: {},
    signal: new AbortController().signal,
    remainingMs: () => remainingMs,
    count: () => ++calls,
    alsoUses: () => undefined,
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CapabilityError) return error.code;
    throw error;
  }
  return 'none';
}

describe('DatasourceCapability', () => {
  const requests: DataSourceQueryRequest[] = [];
  const gateway: DataSourceGateway = {
    list: async () => [
      { id: 'd1', name: 'sales', type: 'sqlite' },
      { id: 'd2', name: 'crm', type: 'document' },
      { id: 'd3', name: 'CRM', type: 'mysql' },
    ],
    query: async (_actor, request) => {
      requests.push(request);
      return { columns: ['a'], rows: [[1]], truncated: false };
    },
  };
  const capability = new DatasourceCapability(gateway);
  beforeEach(() => (requests.length = 0));

  it('When query is called, Then the gateway gets the request with the call’s time left, capped at 30 s', async () => {
    const answer = await capability.handle('query', { datasourceId: 'd1', query: 'SELECT 1', params: [1, 'x'], maxRows: 5 }, contextWith(12_000));
    expect(answer).toEqual({ columns: ['a'], rows: [[1]], truncated: false });
    expect(requests[0]).toMatchObject({ dataSourceId: 'd1', query: 'SELECT 1', params: [1, 'x'], maxRows: 5, maxChars: 512_000, timeoutMs: 12_000 });
    await capability.handle('query', { datasourceId: 'd1', query: 'SELECT 1' }, contextWith(90_000));
    expect(requests[1]).toMatchObject({ params: [], timeoutMs: 30_000 });
  });

  it('When list is called, Then the summaries come back as items', async () => {
    expect(await capability.handle('list', {}, contextWith())).toMatchObject({
      items: [{ id: 'd1', name: 'sales', type: 'sqlite' }, { id: 'd2' }, { id: 'd3' }],
    });
  });

  it.each([
    ['its id', 'd2', 'd2'],
    ['its exact name', 'CRM', 'd3'],
    ['its name in another case, when only one matches', 'SALES', 'd1'],
  ])('When resolve is given %s, Then that data source comes back', async (_how, name, id) => {
    expect(await capability.handle('resolve', { name }, contextWith())).toMatchObject({ id });
  });

  it('When resolve is given a name that matches none, or several only in case, Then not_found lists what there is', async () => {
    for (const name of ['warehouse', 'Crm']) {
      await expect(capability.handle('resolve', { name }, contextWith())).rejects.toEqual(
        new CapabilityError('not_found', `No data source "${name}". Available: "sales" (sqlite), "crm" (document), "CRM" (mysql).`),
      );
    }
    expect(await codeOf(capability.handle('resolve', {}, contextWith()))).toBe('invalid_argument');
  });

  it('When the caller has no data sources, Then resolve says so', async () => {
    const empty = new DatasourceCapability({ ...gateway, list: async () => [] });
    await expect(empty.handle('resolve', { name: 'sales' }, contextWith())).rejects.toThrow('No data source "sales". The user has no data sources.');
  });

  it.each<[JsonValue, number, string]>([
    [{ query: 'SELECT 1' }, 10_000, 'invalid_argument'],
    [{ datasourceId: 'd1', query: 7 }, 10_000, 'invalid_argument'],
    [{ datasourceId: 'd1', query: 'SELECT 1', params: 'x' }, 10_000, 'invalid_argument'],
    [{ datasourceId: 'd1', query: 'x'.repeat(100_001) }, 10_000, 'too_large'],
    [{ datasourceId: 'd1', query: 'SELECT 1' }, 50, 'timeout'],
  ])('When the arguments are %j with %d ms left, Then the call fails with %s before the gateway', async (args, remaining, code) => {
    expect(await codeOf(capability.handle('query', args, contextWith(remaining)))).toBe(code);
    expect(requests).toHaveLength(0);
  });

  it('When a tool call queries more than 20 times, Then the quota stops it', async () => {
    const context = contextWith();
    for (let i = 0; i < 20; i += 1) await capability.handle('list', {}, context);
    expect(await codeOf(capability.handle('list', {}, context))).toBe('quota_exceeded');
  });
});

describe('NotifyCapability', () => {
  const sent: NotifyMessage[] = [];
  const gateway: NotificationGateway = {
    send: async (_actor, message) => {
      sent.push(message);
      return message.channel === 'im'
        ? { id: 'n1', channel: 'im', delivered: false, status: 500, detail: 'down' }
        : { id: 'n1', channel: 'in_app', delivered: true };
    },
  };
  const capability = new NotifyCapability(gateway);
  beforeEach(() => (sent.length = 0));

  it('When send is called, Then the message reaches the gateway and the receipt comes back without empty fields', async () => {
    expect(await capability.handle('send', { message: 'hi', title: 't', data: { a: 1 } }, contextWith())).toEqual({
      id: 'n1',
      delivered: true,
      channel: 'in_app',
    });
    expect(sent[0]).toEqual({ message: 'hi', title: 't', data: { a: 1 }, channel: undefined, to: undefined, format: undefined });
    expect(await capability.handle('send', { channel: 'im', to: 'https://x.test', message: 'hi', format: 'slack' }, contextWith())).toEqual({
      id: 'n1',
      delivered: false,
      channel: 'im',
      status: 500,
      detail: 'down',
    });
  });

  it.each<[JsonValue]>([[{}], [{ message: 1 }], [{ message: 'm', data: [1] }], [{ message: 'm', channel: 3 }], [null]])(
    'When the arguments are %j, Then the call fails with invalid_argument',
    async (args) => {
      expect(await codeOf(capability.handle('send', args, contextWith()))).toBe('invalid_argument');
      expect(sent).toHaveLength(0);
    },
  );

  it('When a tool call sends more than 5 notifications, Then the quota stops it', async () => {
    const context = contextWith();
    for (let i = 0; i < 5; i += 1) await capability.handle('send', { message: 'm' }, context);
    expect(await codeOf(capability.handle('send', { message: 'm' }, context))).toBe('quota_exceeded');
    expect(sent).toHaveLength(5);
  });
});
