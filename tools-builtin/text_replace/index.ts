/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
interface Input {
  text: string;
  find: string;
  replace: string;
  mode?: 'literal' | 'regex';
  ignore_case?: boolean;
  all?: boolean;
  flags?: string;
}

interface Output {
  text: string;
  replacements: number;
}

// Keeps the result well inside the kernel's 1 MB output cap (non-ASCII text grows when JSON-encoded).
const MAX_RESULT_LENGTH = 300_000;

export default function textReplace(input: Input): Output {
  const regex = compile(input);
  if (typeof regex === 'string') throw new ToolError('invalid_pattern', regex);
  const replacements = countMatches(input.text, regex);
  // A lower bound of the result length, checked before replacing so a huge expansion is never built.
  if (input.text.length + replacements * input.replace.length > MAX_RESULT_LENGTH) throw tooLarge();
  // A function replacement inserts the literal text as is (a string would expand `$&`, `$1`…).
  const text = input.mode === 'regex' ? input.text.replace(regex, input.replace) : input.text.replace(regex, () => input.replace);
  if (text.length > MAX_RESULT_LENGTH) throw tooLarge();
  return { text, replacements };
}

function tooLarge(): ToolError {
  return new ToolError('result_too_large', `The result would exceed ${MAX_RESULT_LENGTH} characters`);
}

function compile(input: Input): RegExp | string {
  const source = input.mode === 'regex' ? input.find : escapeRegExp(input.find);
  const flags = `${input.all === false ? '' : 'g'}${input.ignore_case ? 'i' : ''}${input.mode === 'regex' ? (input.flags ?? '') : ''}`;
  try {
    return new RegExp(source, flags);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function countMatches(text: string, regex: RegExp): number {
  if (!regex.global) return regex.test(text) ? 1 : 0;
  let count = 0;
  for (const _ of text.matchAll(regex)) count += 1;
  return count;
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}
