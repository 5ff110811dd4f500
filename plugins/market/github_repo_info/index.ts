/// <reference path="../../kernel/sdk/kernel-api.d.ts" />
import { http, HttpResponse } from 'kernel:api';

interface Input {
  owner: string;
  repo: string;
  include_latest_release?: boolean;
}

interface Release {
  tag: string;
  name: string | null;
  published_at: string | null;
  html_url: string;
}

/** The fields of GitHub's repository object this tool reads (REST API v3). */
interface GitHubRepo {
  full_name: string;
  description: string | null;
  html_url: string;
  homepage: string | null;
  stargazers_count: number;
  forks_count: number;
  open_issues_count: number;
  subscribers_count?: number;
  language: string | null;
  license: { spdx_id: string | null } | null;
  topics?: string[];
  default_branch: string;
  archived: boolean;
  fork: boolean;
  created_at: string;
  pushed_at: string | null;
}

const API = 'https://api.github.com';
const HEADERS = { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' };

export default async function githubRepoInfo(input: Input) {
  const path = `${encodeURIComponent(input.owner)}/${encodeURIComponent(input.repo)}`;
  const repo = expectJson<GitHubRepo>(await http.get(`${API}/repos/${path}`, { headers: HEADERS }), `Repository ${input.owner}/${input.repo}`);
  return {
    full_name: repo.full_name,
    description: repo.description,
    html_url: repo.html_url,
    homepage: repo.homepage || null,
    stars: repo.stargazers_count,
    forks: repo.forks_count,
    open_issues: repo.open_issues_count,
    watchers: repo.subscribers_count ?? 0,
    language: repo.language,
    license: repo.license?.spdx_id && repo.license.spdx_id !== 'NOASSERTION' ? repo.license.spdx_id : null,
    topics: repo.topics ?? [],
    default_branch: repo.default_branch,
    archived: repo.archived,
    fork: repo.fork,
    created_at: repo.created_at,
    pushed_at: repo.pushed_at,
    ...(input.include_latest_release ? { latest_release: await latestRelease(path) } : {}),
  };
}

async function latestRelease(path: string): Promise<Release | null> {
  const response = await http.get(`${API}/repos/${path}/releases/latest`, { headers: HEADERS });
  if (response.status === 404) return null;
  const release = expectJson<{ tag_name: string; name: string | null; published_at: string | null; html_url: string }>(response, 'The latest release');
  return { tag: release.tag_name, name: release.name || null, published_at: release.published_at, html_url: release.html_url };
}

function expectJson<T>(response: HttpResponse, what: string): T {
  if (response.status === 404) throw new Error(`${what} was not found (or is private)`);
  if (response.status === 403 || response.status === 429) {
    const reset = Number(response.headers['x-ratelimit-reset']);
    const when = Number.isFinite(reset) && reset > 0 ? ` until ${new Date(reset * 1000).toISOString()}` : '';
    throw new Error(`GitHub refused the request (HTTP ${response.status}): the API rate limit is probably spent${when}`);
  }
  if (response.status !== 200) throw new Error(`GitHub answered HTTP ${response.status}`);
  try {
    return JSON.parse(response.body) as T;
  } catch {
    throw new Error('GitHub answered with something that is not JSON');
  }
}
