import { createSecretKey, KeyObject, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';

/**
 * The configured JWT_SECRET, or in development a random one generated once and kept
 * in DATA_DIR so tokens survive restarts (decisions.md). Production requires JWT_SECRET.
 */
export function loadJwtKey(config: AppConfig): KeyObject {
  if (config.auth.jwtSecret) {
    return createSecretKey(Buffer.from(config.auth.jwtSecret, 'utf8'));
  }
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return createSecretKey(Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8'));
}
