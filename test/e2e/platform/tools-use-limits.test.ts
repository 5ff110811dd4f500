import { join } from 'node:path';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildPlugins } = require('../../../bin/build-plugins.js') as { buildPlugins(o: { roots: string[]; only?: string[] }): unknown };

type Json = Record<string, unknown>;
const RATE = 10;

/** The per-user, per-minute limit on tool use, weighted by what each tool can do (docs/security.md). */
describe('Platform Tools API: tool-use rate limit', () => {
  let app: StartedApp;

  beforeAll(async () => {
    buildPlugins({ roots: [join(__dirname, '../../../tools-builtin')], only: ['calculator', 'llm_generate'] });
    app = await startApp({ TOOLS_USE_RATE_PER_MINUTE: String(RATE) });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const use = (user: PlatformUser, id: string, args: Json) =>
    request<Json>('POST', `${app.platformUrl}/api/v1/tools/${id}/use`, { token: user.token, body: { arguments: args } });
  const calculate = (user: PlatformUser) => use(user, 'calculator', { expression: '6 * 7' });
  const generate = (user: PlatformUser) => use(user, 'llm_generate', { prompt: 'One line about rivers' });

  it('When a user passes the per-minute limit, Then /use answers 429 rate_limited with Retry-After, and another user is unaffected', async () => {
    const [ada, bob] = [await signUp(app.platformUrl), await signUp(app.platformUrl)];
    for (let n = 0; n < RATE; n += 1) expect(await calculate(ada)).toMatchObject({ status: 200, body: { success: true, result: { value: 42 } } });

    const limited = await calculate(ada);

    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/^At most 10 tool uses per minute \(costly tools count more\); try again in \d+ s$/),
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await calculate(bob)).toMatchObject({ status: 200, body: { success: true } });
  });

  it('When a user calls a tool that spends model calls, Then each use counts five times: two of them spend the minute', async () => {
    const carol = await signUp(app.platformUrl);
    expect(await generate(carol)).toMatchObject({ status: 200, body: { success: true } });
    expect(await generate(carol)).toMatchObject({ status: 200, body: { success: true } });

    expect((await calculate(carol)).status).toBe(429);
    expect((await generate(carol)).status).toBe(429);
  });

  it('When a use is refused, Then it spends nothing: a cheaper tool that still fits is allowed', async () => {
    const dan = await signUp(app.platformUrl);
    for (let n = 0; n < RATE - 4; n += 1) expect((await calculate(dan)).status).toBe(200);

    expect((await generate(dan)).status).toBe(429);
    for (let n = 0; n < 4; n += 1) expect((await calculate(dan)).status).toBe(200);
    expect((await calculate(dan)).status).toBe(429);
  });
});
