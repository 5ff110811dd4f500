import { QueryResult, SqlQueryExecutor, SqlStatement, SqlTarget } from '../../core/ports/sql-query-executor.port';

/** Hands each statement to the executor of its dialect. */
export class RoutingSqlQueryExecutor implements SqlQueryExecutor {
  constructor(private readonly executors: Record<SqlTarget['dialect'], SqlQueryExecutor>) {}

  execute(target: SqlTarget, statement: SqlStatement): Promise<QueryResult> {
    return this.executors[target.dialect].execute(target, statement);
  }
}
