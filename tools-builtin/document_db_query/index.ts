/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { datasource, Json, ToolError } from 'kernel:api';

type JsonObject = { [key: string]: Json };

interface Input {
  datasource: string;
  collection: string;
  filter?: JsonObject;
  projection?: JsonObject;
  sort?: JsonObject;
  skip?: number;
  limit?: number;
}

interface Output {
  datasource: string;
  collection: string;
  documents: JsonObject[];
  count: number;
  truncated: boolean;
}

const DEFAULT_LIMIT = 20;

export default async function documentDbQuery(input: Input): Promise<Output> {
  const source = await datasource.resolve({ name: input.datasource });
  if (source.type !== 'document') {
    throw new ToolError(
      'wrong_datasource_type',
      `"${source.name}" is a ${source.type} data source, not a document database; use sql_query for SQL data sources.`,
    );
  }
  // `limit` becomes the row cap rather than part of the query, so `truncated` says whether more matched.
  const query = { collection: input.collection, filter: input.filter ?? {}, projection: input.projection, sort: input.sort, skip: input.skip };
  const result = await datasource.query({ datasourceId: source.id, query: JSON.stringify(query), maxRows: input.limit ?? DEFAULT_LIMIT });
  const documents = result.rows.map((row) => row[0] as JsonObject);
  return { datasource: source.name, collection: input.collection, documents, count: documents.length, truncated: result.truncated };
}
