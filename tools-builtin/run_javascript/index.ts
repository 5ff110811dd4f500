/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { Outcome, runUserCode } from './nested-sandbox';

interface RunJavascriptInput {
  code: string;
  input?: unknown;
}

interface Output {
  result: unknown;
  logs: string[];
  steps: number;
}

const BUDGET = { maxSteps: 2_000_000, maxMs: 5_000 };
const MAX_RESULT_CHARS = 256 * 1024;
// The kernel keeps 1,000 characters of a failure's message: the error first, then as much console tail as fits.
const MAX_MESSAGE_CHARS = 1_000;

/** The return value through JSON (undefined → null); a failure when it cannot be serialised or is too big. */
function jsonResult(outcome: Outcome & { value: unknown }): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(outcome.value);
  } catch (error) {
    throw failure('invalid_result', `The return value is not JSON-serialisable: ${(error as Error).message}`, outcome);
  }
  if (text === undefined) return null;
  if (text.length > MAX_RESULT_CHARS) {
    throw failure('invalid_result', `The return value is ${text.length} characters of JSON; the limit is ${MAX_RESULT_CHARS}.`, outcome);
  }
  return JSON.parse(text);
}

/** The user's code failed: its reason, the error, and the last console lines, which are often what explains it. */
function failure(reason: string, message: string, outcome: Outcome): ToolError {
  const head = `${message} (steps: ${outcome.steps})`;
  const tail: string[] = [];
  let room = MAX_MESSAGE_CHARS - head.length - '\nConsole, last lines:'.length;
  for (let i = outcome.logs.length - 1; i >= 0 && outcome.logs[i].length + 1 <= room; i -= 1) {
    tail.unshift(outcome.logs[i]);
    room -= outcome.logs[i].length + 1;
  }
  return new ToolError(reason, tail.length > 0 ? `${head}\nConsole, last lines:\n${tail.join('\n')}` : head);
}

export default async function runJavascript(input: RunJavascriptInput): Promise<Output> {
  const userInput = input.input === undefined ? null : JSON.parse(JSON.stringify(input.input));
  const outcome = await runUserCode(input.code, userInput, BUDGET);
  if (!outcome.ok) throw failure(outcome.error.type, outcome.error.message, outcome);
  return { result: jsonResult(outcome), logs: outcome.logs, steps: outcome.steps };
}
