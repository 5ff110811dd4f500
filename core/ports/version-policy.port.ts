import { token } from '../shared/token';

/**
 * What a version is and how versions order, for plugins (`manifest.version`, "is this update
 * newer") and the ranges of kernel versions they declare (`manifest.kernel`): Semantic
 * Versioning 2.0.0 and npm's range syntax.
 */
export interface VersionPolicy {
  /** True for a semantic version written exactly (`1.2.3`, `1.2.3-rc.1+sha.5`); false for `v1.2.3`, `1.2`, `01.2.3`, `1.2.3-01`. */
  isValid(version: string): boolean;
  /**
   * -1, 0 or 1 as `a` has lower, equal or higher precedence than `b`: a pre-release sorts before
   * its release, numeric identifiers compare as numbers, build metadata is ignored. Null when
   * either is not a valid version.
   */
  compare(a: string, b: string): -1 | 0 | 1 | null;
  /** True for a range in npm's syntax (`^1.0.0`, `>=1.2 <2 || 3.x`, `1.0.0 - 1.5.0`). */
  isValidRange(range: string): boolean;
  /**
   * Whether `version` lies in `range`. A pre-release lies in the ranges its precedence puts it in
   * (`1.1.0-beta.1` is in `^1.0.0`, `2.0.0-rc.1` is not), unlike npm's default. False when either is invalid.
   */
  satisfies(version: string, range: string): boolean;
}

export const VERSION_POLICY = token<VersionPolicy>('VersionPolicy');
