/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { datasource, Json, ToolError } from 'kernel:api';

interface Input {
  datasource: string;
  sql: string;
  params?: Array<string | number | boolean | null>;
  max_rows?: number;
}

interface Output {
  datasource: string;
  type: 'sqlite' | 'mysql';
  columns: string[];
  rows: Json[][];
  row_count: number;
  truncated: boolean;
}

export default async function sqlQuery(input: Input): Promise<Output> {
  const source = await datasource.resolve({ name: input.datasource });
  if (source.type !== 'sqlite' && source.type !== 'mysql') {
    throw new ToolError(
      'wrong_datasource_type',
      `"${source.name}" is a ${source.type} data source, not a SQL database; use document_db_query for document data sources.`,
    );
  }
  const result = await datasource.query({ datasourceId: source.id, query: input.sql, params: input.params ?? [], maxRows: input.max_rows ?? 100 });
  return { datasource: source.name, type: source.type, columns: result.columns, rows: result.rows, row_count: result.rows.length, truncated: result.truncated };
}
