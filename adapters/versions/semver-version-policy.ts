import semver, { SemVer } from 'semver';
import { VersionPolicy } from '../../core/ports/version-policy.port';

/**
 * `VersionPolicy` on node-semver. Ranges take `includePrerelease`, so a plugin written for
 * 1.x keeps loading on a 1.x preview kernel.
 */
const RANGE_OPTIONS = { includePrerelease: true } as const;

export class SemverVersionPolicy implements VersionPolicy {
  isValid(version: string): boolean {
    return exact(version) !== null;
  }

  compare(a: string, b: string): -1 | 0 | 1 | null {
    const left = exact(a);
    const right = exact(b);
    return left && right ? semver.compare(left, right) : null;
  }

  isValidRange(range: string): boolean {
    return semver.validRange(range, RANGE_OPTIONS) !== null;
  }

  satisfies(version: string, range: string): boolean {
    const parsed = exact(version);
    return parsed !== null && semver.satisfies(parsed, range, RANGE_OPTIONS);
  }
}

/** The version, when `text` writes it exactly: node-semver also forgives a leading `v` and surrounding spaces. */
function exact(text: string): SemVer | null {
  const parsed = semver.parse(text);
  if (!parsed) return null;
  const written = parsed.build.length > 0 ? `${parsed.version}+${parsed.build.join('.')}` : parsed.version;
  return written === text ? parsed : null;
}
