/**
 * The slice of npm semver ranges manifests need: `*`, `x.y.z`, `=`, `>`, `>=`, `<`, `<=`,
 * `^`, `~`, partial versions (`1`, `1.2`, `1.x`), space-joined AND sets and `||`.
 * Pre-release tags are compared as plain strings, which is enough for kernel ranges.
 */
type Version = [number, number, number, string];

const VERSION = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function satisfies(version: string, range: string): boolean {
  const v = parseExact(version);
  if (!v) return false;
  return range.split('||').some((set) => {
    const comparators = set.trim().split(/\s+/).filter(Boolean);
    return comparators.length === 0 || comparators.every((c) => matches(v, c));
  });
}

export function isValidRange(range: string): boolean {
  return range.split('||').every((set) =>
    set
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((c) => c === '*' || c === 'x' || parsePartial(c.replace(/^(\^|~|>=|<=|>|<|=)/, '')) !== undefined),
  );
}

function matches(v: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === 'x') return true;
  const op = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(comparator);
  const partial = parsePartial(op?.[2] ?? '');
  if (!op || !partial) return false;
  const { base, parts } = partial;
  switch (op[1]) {
    case '^':
      return cmp(v, base) >= 0 && cmp(v, caretUpper(base, parts)) < 0;
    case '~':
      return cmp(v, base) >= 0 && cmp(v, bump(base, parts >= 2 ? 1 : 0)) < 0;
    case '>':
      return parts === 3 ? cmp(v, base) > 0 : cmp(v, bump(base, parts - 1)) >= 0;
    case '>=':
      return cmp(v, base) >= 0;
    case '<':
      return cmp(v, base) < 0;
    case '<=':
      return parts === 3 ? cmp(v, base) <= 0 : cmp(v, bump(base, parts - 1)) < 0;
    default:
      return parts === 3 ? cmp(v, base) === 0 : cmp(v, base) >= 0 && cmp(v, bump(base, parts - 1)) < 0;
  }
}

function caretUpper(base: Version, parts: number): Version {
  if (base[0] > 0 || parts === 1) return bump(base, 0);
  if (base[1] > 0 || parts === 2) return bump(base, 1);
  return bump(base, 2);
}

function bump(base: Version, index: number): Version {
  const numbers = [base[0], base[1], base[2]];
  numbers[index] += 1;
  for (let i = index + 1; i < 3; i += 1) numbers[i] = 0;
  return [numbers[0], numbers[1], numbers[2], ''];
}

function cmp(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) {
    if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  }
  if (a[3] === b[3]) return 0;
  if (a[3] === '') return 1;
  if (b[3] === '') return -1;
  return a[3] < b[3] ? -1 : 1;
}

function parseExact(text: string): Version | undefined {
  const p = parsePartial(text);
  return p && p.parts === 3 ? p.base : undefined;
}

function parsePartial(text: string): { base: Version; parts: number } | undefined {
  const m = VERSION.exec(text.trim());
  if (!m) return undefined;
  const wild = (s: string | undefined) => s === undefined || s === 'x' || s === '*';
  const parts = wild(m[2]) ? 1 : wild(m[3]) ? 2 : 3;
  const num = (s: string | undefined) => (wild(s) ? 0 : Number(s));
  return { base: [Number(m[1]), num(m[2]), num(m[3]), parts === 3 ? (m[4] ?? '') : ''], parts };
}
