const FUNCTION_NAMES = 'sqrt|sin|cos|tan|log|ln|abs|exp|pow|pi';
const CANDIDATE = new RegExp(`(?:\\b(?:${FUNCTION_NAMES})\\b|[\\d.()\\s+\\-*/^%×÷])+`, 'gi');
const HAS_OPERATION = new RegExp(`\\d\\s*[-+*/^%×÷]\\s*[\\d(]|\\b(?:${FUNCTION_NAMES})\\s*\\(`, 'i');

/**
 * The arithmetic expression a message asks about ("what is (12.5 * 4) - 7?" gives
 * "(12.5 * 4) - 7"): the longest run of numbers, operators and brackets that holds an
 * operation, else the longest number.
 */
export function extractMathExpression(text: string): string | undefined {
  const runs = (text.match(CANDIDATE) ?? []).map((run) => trimBrackets(run.trim())).filter((run) => /\d/.test(run));
  const byLength = (a: string, b: string) => b.length - a.length;
  const expression = runs.filter((run) => HAS_OPERATION.test(run)).sort(byLength)[0] ?? runs.sort(byLength)[0];
  return expression?.replace(/×/g, '*').replace(/÷/g, '/');
}

/** Drops brackets left unbalanced by the cut ("(see 2+3)" yields "2+3)"). */
function trimBrackets(run: string): string {
  let text = run;
  while (text.endsWith(')') && count(text, ')') > count(text, '(')) text = text.slice(0, -1).trim();
  while (text.startsWith('(') && count(text, '(') > count(text, ')')) text = text.slice(1).trim();
  return text.replace(/^[.\s]+|[.\s]+$/g, '');
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
