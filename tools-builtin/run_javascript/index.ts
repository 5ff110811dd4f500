/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { runUserCode } from './nested-sandbox';

interface RunJavascriptInput {
  code: string;
  input?: unknown;
}

const BUDGET = { maxSteps: 2_000_000, maxMs: 5_000 };
const MAX_RESULT_CHARS = 256 * 1024;

/** The return value as JSON (undefined → null); errors when it cannot be serialised or is too big. */
function jsonResult(value: unknown): { ok: true; result: unknown } | { ok: false; message: string } {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    return { ok: false, message: `The return value is not JSON-serialisable: ${(error as Error).message}` };
  }
  if (text === undefined) return { ok: true, result: null };
  if (text.length > MAX_RESULT_CHARS) return { ok: false, message: `The return value is ${text.length} characters of JSON; the limit is ${MAX_RESULT_CHARS}.` };
  return { ok: true, result: JSON.parse(text) };
}

export default async function runJavascript(input: RunJavascriptInput) {
  const userInput = input.input === undefined ? null : JSON.parse(JSON.stringify(input.input));
  const outcome = await runUserCode(input.code, userInput, BUDGET);
  if (!outcome.ok) return { ok: false, error: outcome.error, logs: outcome.logs, steps: outcome.steps };
  const serialised = jsonResult(outcome.value);
  if (!serialised.ok) return { ok: false, error: { type: 'invalid_result', message: serialised.message }, logs: outcome.logs, steps: outcome.steps };
  return { ok: true, result: serialised.result, logs: outcome.logs, steps: outcome.steps };
}
