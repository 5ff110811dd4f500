import { isValidRange, satisfies } from '../../../plugins/kernel/manifest/semver-range';

describe('semver ranges', () => {
  it.each([
    ['1.0.0', '^1.0.0', true],
    ['1.9.3', '^1.2.0', true],
    ['2.0.0', '^1.2.0', false],
    ['1.1.9', '^1.2.0', false],
    ['0.2.5', '^0.2.0', true],
    ['0.3.0', '^0.2.0', false],
    ['1.2.9', '~1.2.0', true],
    ['1.3.0', '~1.2.0', false],
    ['1.0.0', '>=1.0.0 <2.0.0', true],
    ['2.0.0', '>=1.0.0 <2.0.0', false],
    ['1.0.0', '1.x', true],
    ['1.0.0', '1', true],
    ['2.1.0', '1 || 2', true],
    ['3.0.0', '1 || 2', false],
    ['1.0.0', '*', true],
    ['1.0.0', '1.0.0', true],
    ['1.0.1', '=1.0.0', false],
    ['1.0.0-beta', '>=1.0.0', false],
    ['1.0.0', '>1', false],
    ['2.0.0', '>1', true],
    ['1.5.0', '<=1.4', false],
    ['1.4.9', '<=1.4', true],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it.each([
    ['1.0.0-beta.11', '>=1.0.0-beta.2', true],
    ['1.0.0-beta.2', '>=1.0.0-beta.11', false],
    ['1.0.0-rc.1', '>=1.0.0-beta', true],
    ['1.0.0-alpha', '>=1.0.0-alpha.1', false],
    ['1.1.0-beta.1', '^1.0.0', true],
    ['2.0.0-rc.1', '^1.0.0', false],
    ['2.0.0-rc.1', '<2.0.0', true],
    ['1.0.0+build.5', '1.0.0', true],
  ])('When the pre-release or build %s is checked against %s, Then precedence follows semver.org: %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('When a range is not a range, Then it is not valid', () => {
    expect(isValidRange('^1.0.0')).toBe(true);
    expect(isValidRange('>=1.2 <2 || 3.x')).toBe(true);
    expect(isValidRange('1.0.0 - 1.5.0')).toBe(true);
    expect(isValidRange('latest')).toBe(false);
    expect(satisfies('not-a-version', '*')).toBe(false);
  });
});
