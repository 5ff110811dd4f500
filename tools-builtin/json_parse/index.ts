/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { findJsonSyntaxError } from './json-syntax-error';

interface Input {
  text: string;
}

type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

interface Output {
  value: unknown;
  type: JsonType;
}

const NEAR_RADIUS = 20;

export default function jsonParse(input: Input): Output {
  let value: unknown;
  try {
    value = JSON.parse(input.text);
  } catch (error) {
    throw syntaxError(input.text, error);
  }
  return { value, type: typeOf(value) };
}

/** Where the text stops being JSON, in words a model can act on: line, column, offset and the text around it. */
function syntaxError(text: string, error: unknown): ToolError {
  const found = findJsonSyntaxError(text) ?? {
    position: positionFromMessage(error),
    message: error instanceof Error ? error.message : 'Invalid JSON',
  };
  const before = text.slice(0, found.position);
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = before.split('\n').length;
  const column = found.position - lineStart + 1;
  const near = text.slice(Math.max(0, found.position - NEAR_RADIUS), found.position + NEAR_RADIUS);
  return new ToolError('invalid_json', `${found.message} at line ${line}, column ${column} (position ${found.position}), near ${JSON.stringify(near)}`);
}

function positionFromMessage(error: unknown): number {
  const match = error instanceof Error ? /position (\d+)/.exec(error.message) : null;
  return match ? Number(match[1]) : 0;
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonType;
}
