/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
/**
 * Catastrophic patterns are contained, not predicted: the input is capped by the schema, the
 * number of matches by max_matches, and a runaway backtracking search by the manifest's CPU limit
 * (the kernel answers `timeout` and disposes the isolate).
 */
interface Input {
  text: string;
  pattern: string;
  flags?: string;
  max_matches?: number;
}

interface Match {
  match: string;
  index: number;
  groups: (string | null)[];
  named_groups?: Record<string, string | null>;
}

// The kernel refuses outputs over 1,048,576 characters of JSON; stopping short keeps a useful, truncated answer.
const OUTPUT_BUDGET = 900_000;

interface Output {
  count: number;
  truncated: boolean;
  matches: Match[];
}

export default function regexExtract(input: Input): Output {
  let regex: RegExp;
  try {
    regex = new RegExp(input.pattern, `g${(input.flags ?? '').replace(/g/g, '')}`);
  } catch (error) {
    throw new ToolError('invalid_pattern', error instanceof Error ? error.message : String(error));
  }
  const limit = input.max_matches ?? 100;
  const matches: Match[] = [];
  let truncated = false;
  let size = 0;
  // matchAll advances past empty matches itself, so a pattern like `a*` cannot loop forever.
  for (const found of input.text.matchAll(regex)) {
    const match = describe(found);
    size += JSON.stringify(match).length + 1;
    if (matches.length === limit || size > OUTPUT_BUDGET) {
      truncated = true;
      break;
    }
    matches.push(match);
  }
  return { count: matches.length, truncated, matches };
}

function describe(found: RegExpMatchArray): Match {
  const match: Match = {
    match: found[0],
    index: found.index ?? 0,
    groups: found.slice(1).map((group) => group ?? null),
  };
  if (found.groups) {
    match.named_groups = Object.fromEntries(Object.entries(found.groups).map(([name, value]) => [name, value ?? null]));
  }
  return match;
}
