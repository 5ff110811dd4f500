import { DomainError } from '../../../core/shared/domain-error';
import {
  DataSourceQueryError,
  DataSourceTimeoutError,
  DataSourceUnreachableError,
  ReadOnlyQueryError,
} from '../../../core/domain/data-source/data-source.errors';

const MAX_MESSAGE = 300;
/** ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION, ER_OPTION_PREVENTS_STATEMENT (read_only server). */
const READ_ONLY = new Set([1792, 1290]);
/** MySQL ER_QUERY_TIMEOUT, MariaDB ER_STATEMENT_TIMEOUT, ER_QUERY_INTERRUPTED. */
const TIMEOUT = new Set([3024, 1969, 1317]);
const ACCESS_DENIED = new Set([1044, 1045, 1698]);
const CONNECTION_CODES = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE|PROTOCOL_|HANDSHAKE_)/;

interface DriverError {
  code?: string;
  errno?: number;
  sqlState?: string;
  sqlMessage?: string;
  fatal?: boolean;
}

/**
 * Sorts a mysql2 failure by its code into the data-source errors. Only the server's text
 * about the query itself (syntax, unknown column, SQLSTATE class 42 and the like) is passed
 * on, shortened; connection and authentication failures get our own words.
 */
export function toDataSourceError(error: unknown, timeoutMs: number): DomainError {
  if (error instanceof DomainError) return error;
  const driver = (typeof error === 'object' && error !== null ? error : {}) as DriverError;
  const errno = driver.errno ?? 0;
  if (READ_ONLY.has(errno)) return new ReadOnlyQueryError('the database refused to write');
  if (TIMEOUT.has(errno)) return new DataSourceTimeoutError(timeoutMs);
  if (ACCESS_DENIED.has(errno)) return new DataSourceUnreachableError('The database refused the credentials');
  if (errno === 1049) return new DataSourceUnreachableError('The database does not exist');
  if (typeof driver.code === 'string' && CONNECTION_CODES.test(driver.code)) return new DataSourceUnreachableError('The database server could not be reached');
  if (errno > 0 && !driver.fatal && typeof driver.sqlMessage === 'string') {
    return new DataSourceQueryError(`The database refused the query: ${driver.sqlMessage.slice(0, MAX_MESSAGE)}`);
  }
  return new DataSourceUnreachableError('The database connection failed');
}
