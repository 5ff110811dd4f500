import { FieldIssue } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { DATA_SOURCE_TYPES, DataSource, DocumentSourceConfig, MysqlSourceConfig, SqliteSourceConfig } from './data-source.entity';

/** A data source as a client describes it; `password` is plaintext and only for `mysql`. */
export interface DataSourceSpec {
  name: string;
  type: string;
  config?: { [key: string]: JsonValue | undefined };
  password?: string;
}

export type CheckedDataSource = Pick<DataSource, 'name'> &
  (
    | { type: 'sqlite'; config: SqliteSourceConfig }
    | { type: 'mysql'; config: MysqlSourceConfig; password?: string }
    | { type: 'document'; config: DocumentSourceConfig }
  );

export type DataSourceSpecCheck = { ok: true; value: CheckedDataSource } | { ok: false; issues: FieldIssue[] };

const MAX_NAME = 128;
const FILE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._ -]{0,127}$/;
const MAX_FILE = 512;
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[?[0-9A-Fa-f:.]+\]?)$/;
const DATABASE = /^[A-Za-z0-9_$-]{1,64}$/;
const MAX_USER = 80;
const MAX_PASSWORD = 256;

/** Checks a data-source description completely: every problem at once, named by its wire field. */
export function checkDataSourceSpec(spec: DataSourceSpec): DataSourceSpecCheck {
  const issues: FieldIssue[] = [];
  const name = typeof spec.name === 'string' ? spec.name.trim() : '';
  if (name.length === 0 || name.length > MAX_NAME) issues.push({ field: 'name', message: `must be 1 to ${MAX_NAME} characters` });
  const config = spec.config ?? {};
  if (spec.password !== undefined && spec.type !== 'mysql') issues.push({ field: 'password', message: 'is only used by mysql data sources' });
  switch (spec.type) {
    case 'sqlite': {
      const file = sqliteFile(config.file, issues);
      unknownKeys(config, ['file'], issues);
      return issues.length > 0 ? { ok: false, issues } : { ok: true, value: { name, type: 'sqlite', config: { file } } };
    }
    case 'mysql': {
      const mysql = mysqlConfig(config, issues);
      if (spec.password !== undefined && (typeof spec.password !== 'string' || spec.password.length > MAX_PASSWORD)) {
        issues.push({ field: 'password', message: `must be a string of at most ${MAX_PASSWORD} characters` });
      }
      if (issues.length > 0) return { ok: false, issues };
      return { ok: true, value: { name, type: 'mysql', config: mysql, password: spec.password || undefined } };
    }
    case 'document':
      unknownKeys(config, [], issues);
      return issues.length > 0 ? { ok: false, issues } : { ok: true, value: { name, type: 'document', config: {} } };
    default:
      issues.push({ field: 'type', message: `must be one of ${DATA_SOURCE_TYPES.join(', ')}` });
      return { ok: false, issues };
  }
}

function sqliteFile(value: JsonValue | undefined, issues: FieldIssue[]): string {
  const file = typeof value === 'string' ? value : '';
  const segments = file.split('/');
  const valid = file.length > 0 && file.length <= MAX_FILE && segments.every((s) => FILE_SEGMENT.test(s) && s !== '..' && s !== '.');
  if (!valid) {
    issues.push({ field: 'config.file', message: 'must be a relative path of letters, digits, ".", "_", "-" and " " segments joined by "/"' });
  }
  return file;
}

function mysqlConfig(config: { [key: string]: JsonValue | undefined }, issues: FieldIssue[]): MysqlSourceConfig {
  unknownKeys(config, ['host', 'port', 'database', 'user', 'ssl'], issues);
  const host = typeof config.host === 'string' ? config.host.trim() : '';
  if (host.length === 0 || host.length > 253 || !HOST.test(host)) issues.push({ field: 'config.host', message: 'must be a host name or an IP address' });
  const port = config.port ?? 3306;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
    issues.push({ field: 'config.port', message: 'must be an integer from 1 to 65535' });
  }
  const database = typeof config.database === 'string' ? config.database : '';
  if (!DATABASE.test(database)) issues.push({ field: 'config.database', message: 'must be 1 to 64 letters, digits, "_", "$" or "-"' });
  const user = typeof config.user === 'string' ? config.user : '';
  if (user.length === 0 || user.length > MAX_USER) issues.push({ field: 'config.user', message: `must be 1 to ${MAX_USER} characters` });
  const ssl = config.ssl ?? false;
  if (typeof ssl !== 'boolean') issues.push({ field: 'config.ssl', message: 'must be a boolean' });
  return { host: host.replace(/^\[|\]$/g, ''), port: port as number, database, user, ssl: ssl === true };
}

function unknownKeys(config: object, allowed: string[], issues: FieldIssue[]): void {
  for (const key of Object.keys(config)) {
    if (!allowed.includes(key)) issues.push({ field: `config.${key}`, message: 'is not a setting of this data-source type' });
  }
}
