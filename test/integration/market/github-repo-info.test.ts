import { EgressRequest, EgressResponse, HttpEgress } from '../../../core/ports/http-egress.port';
import { InMemoryKeyValueStore } from '../../fixtures/kv/in-memory-key-value-store';
import { AjvJsonSchemaValidator } from '../../../adapters/validation/ajv-json-schema-validator';
import { HttpCapability } from '../../../plugins/kernel/capabilities/http-capability';
import { KvCapability } from '../../../plugins/kernel/capabilities/kv-capability';
import { SemverVersionPolicy } from '../../../adapters/versions/semver-version-policy';
import { PluginKernel } from '../../../plugins/kernel/plugin-kernel';
import { buildMarketPlugins, MARKET_DIR } from '../../support/market-plugins';

type Answer = { status: number; body: unknown; headers?: Record<string, string>; redirectTo?: string };

/** Plays api.github.com: no network is used; every request is recorded. */
class FakeGitHubEgress implements HttpEgress {
  readonly requests: EgressRequest[] = [];
  readonly answers = new Map<string, Answer>();

  async request(request: EgressRequest): Promise<EgressResponse> {
    this.requests.push(request);
    const answer = this.answers.get(request.url) ?? { status: 404, body: { message: 'Not Found' } };
    if (answer.redirectTo) request.beforeRedirect?.(answer.redirectTo);
    const body = new TextEncoder().encode(JSON.stringify(answer.body));
    return { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers }, body, url: request.url };
  }
}

const REPO = {
  full_name: 'acme/rocket',
  description: 'Fast rockets',
  html_url: 'https://github.com/acme/rocket',
  homepage: '',
  stargazers_count: 1200,
  forks_count: 80,
  open_issues_count: 7,
  subscribers_count: 33,
  language: 'TypeScript',
  license: { spdx_id: 'MIT' },
  topics: ['rockets', 'space'],
  default_branch: 'main',
  archived: false,
  fork: false,
  created_at: '2020-01-02T03:04:05Z',
  pushed_at: '2024-05-06T07:08:09Z',
  owner: { login: 'acme' },
};

describe('github_repo_info (market plugin, http capability limited to api.github.com)', () => {
  let kernel: PluginKernel;
  let egress: FakeGitHubEgress;
  const actor = { userId: 'user-1', role: 'user' as const };
  const invoke = (input: Record<string, unknown>) => kernel.registry.invoke('github_repo_info', input as never, { actor });

  beforeAll(async () => {
    buildMarketPlugins();
    egress = new FakeGitHubEgress();
    kernel = new PluginKernel(
      { sandbox: { workers: 1, maxTimeoutMs: 30_000, maxMemoryMb: 128 } },
      { schemas: new AjvJsonSchemaValidator(), versions: new SemverVersionPolicy() },
      { only: [], pluginDirs: [MARKET_DIR] },
    );
    kernel.capabilities.register('http', new HttpCapability(egress));
    kernel.capabilities.register('kv', new KvCapability(new InMemoryKeyValueStore()));
    await kernel.start();
  });
  afterAll(async () => {
    await kernel.close();
  });
  beforeEach(() => {
    egress.requests.length = 0;
    egress.answers.clear();
  });

  it('When the repository exists, Then its facts come back from one GET to api.github.com with the API headers', async () => {
    egress.answers.set('https://api.github.com/repos/acme/rocket', { status: 200, body: REPO });

    const outcome = await invoke({ owner: 'acme', repo: 'rocket' });

    expect(outcome).toMatchObject({
      success: true,
      result: {
        full_name: 'acme/rocket',
        description: 'Fast rockets',
        html_url: 'https://github.com/acme/rocket',
        homepage: null,
        stars: 1200,
        forks: 80,
        open_issues: 7,
        watchers: 33,
        language: 'TypeScript',
        license: 'MIT',
        topics: ['rockets', 'space'],
        default_branch: 'main',
        archived: false,
        fork: false,
        created_at: '2020-01-02T03:04:05Z',
        pushed_at: '2024-05-06T07:08:09Z',
      },
      receipt: { http_calls: 1, capabilities_used: ['http'] },
    });
    expect(egress.requests).toEqual([
      expect.objectContaining({
        url: 'https://api.github.com/repos/acme/rocket',
        method: 'GET',
        headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
      }),
    ]);
  });

  it('When the latest release is asked for, Then a second call reads it, and a repository without one gives null', async () => {
    egress.answers.set('https://api.github.com/repos/acme/rocket', { status: 200, body: REPO });
    egress.answers.set('https://api.github.com/repos/acme/rocket/releases/latest', {
      status: 200,
      body: { tag_name: 'v2.1.0', name: '', published_at: '2024-04-01T00:00:00Z', html_url: 'https://github.com/acme/rocket/releases/v2.1.0' },
    });
    const withRelease = await invoke({ owner: 'acme', repo: 'rocket', include_latest_release: true });
    expect(withRelease).toMatchObject({
      success: true,
      result: {
        latest_release: { tag: 'v2.1.0', name: null, published_at: '2024-04-01T00:00:00Z', html_url: 'https://github.com/acme/rocket/releases/v2.1.0' },
      },
      receipt: { http_calls: 2 },
    });

    egress.answers.delete('https://api.github.com/repos/acme/rocket/releases/latest');
    expect(await invoke({ owner: 'acme', repo: 'rocket', include_latest_release: true })).toMatchObject({ success: true, result: { latest_release: null } });
  });

  it('When the repository is missing or the rate limit is spent, Then the call fails with a message saying so', async () => {
    expect(await invoke({ owner: 'acme', repo: 'nope' })).toMatchObject({
      success: false,
      error: { code: 'runtime_error', message: 'Repository acme/nope was not found (or is private)' },
    });
    egress.answers.set('https://api.github.com/repos/acme/rocket', { status: 403, body: {}, headers: { 'x-ratelimit-reset': '1700000000' } });
    expect(await invoke({ owner: 'acme', repo: 'rocket' })).toMatchObject({
      success: false,
      error: { code: 'runtime_error', message: expect.stringContaining('rate limit is probably spent until 2023-11-14T22:13:20.000Z') },
    });
  });

  it('When api.github.com redirects to another host, Then the manifest host allow-list refuses the hop', async () => {
    egress.answers.set('https://api.github.com/repos/acme/rocket', { status: 200, body: REPO, redirectTo: 'https://evil.example.com/steal' });

    expect(await invoke({ owner: 'acme', repo: 'rocket' })).toMatchObject({
      success: false,
      error: { code: 'capability_denied', message: expect.stringContaining('evil.example.com') },
    });
  });

  it('When the owner would change the path, Then the input schema refuses it before any request', async () => {
    expect(await invoke({ owner: '../../orgs', repo: 'x' })).toMatchObject({ success: false, error: { code: 'invalid_input' } });
    expect(egress.requests).toEqual([]);
  });
});
