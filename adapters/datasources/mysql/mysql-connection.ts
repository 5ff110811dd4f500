import { connect as netConnect } from 'node:net';
import { Connection, createConnection } from 'mysql2';

export interface MysqlEndpoint {
  /** The configured name: TLS server name and certificate identity. */
  host: string;
  /** The vetted address the socket goes to. */
  address: string;
  port: number;
  database: string;
  user: string;
  password?: string;
  ssl: boolean;
}

/**
 * Opens one connection to the vetted address (the socket is ours, so the driver never
 * resolves the name again), with multi-statements and LOCAL INFILE off, dates and big
 * numbers past 2^53 as text.
 */
export function openMysqlConnection(endpoint: MysqlEndpoint, connectTimeout: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const connection = createConnection({
      host: endpoint.host,
      port: endpoint.port,
      stream: () => netConnect({ host: endpoint.address, port: endpoint.port, noDelay: true }),
      user: endpoint.user,
      password: endpoint.password,
      database: endpoint.database,
      ssl: endpoint.ssl ? { rejectUnauthorized: true, verifyIdentity: true, minVersion: 'TLSv1.2' } : undefined,
      multipleStatements: false,
      flags: ['-LOCAL_FILES', '-MULTI_STATEMENTS'],
      connectTimeout,
      charset: 'utf8mb4',
      timezone: 'Z',
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
    });
    // Fatal errors after the handshake surface through the pending command; this keeps them off the process.
    connection.on('error', () => undefined);
    connection.connect((error) => {
      if (!error) return resolve(connection);
      connection.destroy();
      reject(error);
    });
  });
}

/** One statement through the text protocol (values escaped by the driver); for our own session statements. */
export function run(connection: Connection, sql: string, values: unknown[] = []): Promise<unknown> {
  return new Promise((resolve, reject) => {
    connection.query(sql, values, (error, rows) => (error ? reject(error) : resolve(rows)));
  });
}
