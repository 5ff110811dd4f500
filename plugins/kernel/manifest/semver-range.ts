import semver from 'semver';

/**
 * npm's semver ranges (node-semver) for `manifest.kernel`, with `includePrerelease`: a
 * pre-release kernel satisfies the ranges its version sorts into (1.1.0-beta.1 satisfies
 * `^1.0.0`, 2.0.0-rc.1 does not), so a plugin written for 1.x keeps loading on a 1.x preview.
 */
const OPTIONS = { includePrerelease: true } as const;

export function satisfies(version: string, range: string): boolean {
  return semver.satisfies(version, range, OPTIONS);
}

export function isValidRange(range: string): boolean {
  return semver.validRange(range, OPTIONS) !== null;
}
