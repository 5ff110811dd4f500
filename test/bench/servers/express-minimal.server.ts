import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import express from 'express';
import jwt from 'jsonwebtoken';

/**
 * Reference 2: the least an authenticated route can do with our stack's libraries —
 * Express with JSON parsing, a jsonwebtoken HS256 verify (KeyObject) and one better-sqlite3 read.
 */
const db = new Database(join(mkdtempSync(join(tmpdir(), 'bench-ref-')), 'ref.db'));
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT, nickname TEXT, role TEXT, created_at TEXT)');
const userId = randomUUID();
db.prepare('INSERT INTO users VALUES (?, ?, ?, ?, ?)').run(userId, 'bench@example.com', 'Bench', 'user', new Date().toISOString());
const findUser = db.prepare('SELECT id, email, nickname, role, created_at FROM users WHERE id = ?');
const key = createSecretKey(randomBytes(48));
const token = jwt.sign({ sub: userId, exp: Math.floor(Date.now() / 1000) + 3600 }, key, { algorithm: 'HS256' });

const app = express();
app.use(express.json());
app.get('/me', (req, res) => {
  try {
    const claims = jwt.verify((req.headers.authorization ?? '').slice(7), key, { algorithms: ['HS256'] }) as { sub: string };
    res.json(findUser.get(claims.sub));
  } catch {
    res.status(401).json({ error: 'unauthorized' });
  }
});
const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port, token });
});
