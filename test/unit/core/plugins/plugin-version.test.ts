import { compareVersions, isVersion } from '../../../../core/domain/plugin/plugin-version';

describe('compareVersions (semver precedence)', () => {
  it.each([
    ['1.0.1', '1.0.0', 1],
    ['1.10.0', '1.9.9', 1],
    ['2.0.0', '10.0.0', -1],
    ['1.0.0', '1.0.0', 0],
    ['1.0.0+build.2', '1.0.0+build.1', 0],
    ['1.0.0', '1.0.0-rc.1', 1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
    ['1.0.0-beta.2', '1.0.0-beta.11', -1],
    ['1.0.0-rc.1', '1.0.0-beta.11', 1],
  ])('When %s is compared with %s, Then the order is %d', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
    expect(compareVersions(b, a)).toBe(-expected || 0);
  });

  it('When either side is not a semantic version, Then there is no order', () => {
    expect(compareVersions('1.0', '1.0.0')).toBeNull();
    expect(compareVersions('1.0.0', 'v1.0.1')).toBeNull();
    expect(isVersion('01.0.0')).toBe(false);
    expect(isVersion('1.2.3-rc.1+sha.abc')).toBe(true);
  });
});
