import { findJsonSyntaxError } from './json-syntax-error';

interface Input {
  text: string;
}

type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

type Output =
  | { ok: true; value: unknown; type: JsonType }
  | {
      ok: false;
      error: { code: 'invalid_json'; message: string; position: number; line: number; column: number; near: string };
    };

const NEAR_RADIUS = 20;

export default function jsonParse(input: Input): Output {
  let value: unknown;
  try {
    value = JSON.parse(input.text);
  } catch (error) {
    return describeFailure(input.text, error);
  }
  return { ok: true, value, type: typeOf(value) };
}

function describeFailure(text: string, error: unknown): Output {
  const found = findJsonSyntaxError(text) ?? {
    position: positionFromMessage(error),
    message: error instanceof Error ? error.message : 'Invalid JSON',
  };
  const before = text.slice(0, found.position);
  const lineStart = before.lastIndexOf('\n') + 1;
  return {
    ok: false,
    error: {
      code: 'invalid_json',
      message: found.message,
      position: found.position,
      line: before.split('\n').length,
      column: found.position - lineStart + 1,
      near: text.slice(Math.max(0, found.position - NEAR_RADIUS), found.position + NEAR_RADIUS),
    },
  };
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
