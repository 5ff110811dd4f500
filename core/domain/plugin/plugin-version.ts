/**
 * Semantic-version precedence (semver.org §11), for "is this update newer". Build metadata
 * is ignored; a pre-release sorts before its release. Null when either is not a version.
 */
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function compareVersions(a: string, b: string): number | null {
  const left = SEMVER.exec(a);
  const right = SEMVER.exec(b);
  if (!left || !right) return null;
  for (let i = 1; i <= 3; i += 1) {
    const diff = Number(left[i]) - Number(right[i]);
    if (diff !== 0) return Math.sign(diff);
  }
  return comparePreRelease(left[4], right[4]);
}

export function isVersion(text: string): boolean {
  return SEMVER.test(text);
}

function comparePreRelease(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const diff = compareIdentifier(left[i], right[i]);
    if (diff !== 0) return diff;
  }
  return Math.sign(left.length - right.length);
}

/** Numeric identifiers compare as numbers and sort before alphanumeric ones. */
function compareIdentifier(a: string, b: string): number {
  const aNumeric = /^\d+$/.test(a);
  const bNumeric = /^\d+$/.test(b);
  if (aNumeric && bNumeric) return Math.sign(Number(a) - Number(b));
  if (aNumeric !== bNumeric) return aNumeric ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
