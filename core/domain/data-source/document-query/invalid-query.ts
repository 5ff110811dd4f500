import { DataSourceValidationError } from '../data-source.errors';

/** A malformed document query, named by where in the query the problem is (`filter.age.$gt`). */
export function invalidQuery(field: string, message: string): DataSourceValidationError {
  return new DataSourceValidationError(`Invalid document query: ${field} ${message}`, [{ field, message }]);
}
