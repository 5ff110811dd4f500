/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import type { JSONPath as JsonPathFunction } from 'jsonpath-plus';
// The package's `import` condition resolves to its Node build, which loads `vm` at start-up and so
// cannot run in the sandbox; its browser build is the same engine in pure JavaScript (its `safe`
// evaluator runs filter expressions without eval).
// @ts-expect-error -- the browser build ships no declaration of its own; typed through the cast below.
import * as browserBuild from '../../node_modules/jsonpath-plus/dist/index-browser-esm.js';

const JSONPath = (browserBuild as { JSONPath: typeof JsonPathFunction }).JSONPath;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

interface Input {
  json: Json;
  path: string;
  limit?: number;
}

interface Output {
  count: number;
  values: Json[];
  paths: string[];
  truncated: boolean;
}

// The kernel refuses outputs over 1,048,576 characters of JSON; stopping short keeps a useful, truncated answer.
const OUTPUT_BUDGET = 900_000;

interface Match {
  path: string;
  value: Json;
}

export default function jsonQuery(input: Input): Output {
  let document: Json;
  try {
    document = typeof input.json === 'string' ? (JSON.parse(input.json) as Json) : input.json;
  } catch (error) {
    throw new ToolError('invalid_json', `json is not valid JSON text: ${messageOf(error)}`);
  }
  let matches: Match[];
  try {
    matches = JSONPath<Match[]>({ path: input.path, json: document, resultType: 'all', eval: 'safe', wrap: true });
  } catch (error) {
    throw new ToolError('invalid_path', messageOf(error));
  }
  const kept = withinBudget(matches.slice(0, input.limit ?? 100));
  return {
    count: matches.length,
    values: kept.map((match) => (match.value === undefined ? null : match.value)),
    paths: kept.map((match) => match.path),
    truncated: kept.length < matches.length,
  };
}

function withinBudget(matches: Match[]): Match[] {
  let size = 0;
  const kept: Match[] = [];
  for (const match of matches) {
    size += JSON.stringify(match.value ?? null).length + match.path.length + 4;
    if (size > OUTPUT_BUDGET) break;
    kept.push(match);
  }
  return kept;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
