import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The installed Chromium, or undefined (tests that need one skip, saying so). */
export function findChromium(): string | undefined {
  return CANDIDATES.find((path): path is string => typeof path === 'string' && existsSync(path));
}

/**
 * The DOM of `url` after its scripts ran, as headless Chromium renders it. The flags keep it
 * off the network beyond `url` (a closed network refuses its background connections) and out
 * of any profile but a fresh one.
 */
export async function renderedDom(chromium: string, url: string): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profile}`,
    '--virtual-time-budget=10000',
    '--dump-dom',
    url,
  ];
  try {
    return await new Promise<string>((resolve, reject) => {
      execFile(chromium, args, { timeout: 60_000, maxBuffer: 32 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
    });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
