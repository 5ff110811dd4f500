import { VersionPolicy } from '../../../core/ports/version-policy.port';

/** Semantic Versioning 2.0.0 §11, lowest first: each version has lower precedence than the next. */
const ASCENDING = [
  '0.9.9',
  '1.0.0-alpha',
  '1.0.0-alpha.1',
  '1.0.0-alpha.2',
  '1.0.0-alpha.10',
  '1.0.0-alpha.beta',
  '1.0.0-beta',
  '1.0.0-beta.2',
  '1.0.0-beta.11',
  '1.0.0-rc.1',
  '1.0.0',
  '1.0.1',
  '1.9.9',
  '1.10.0',
  '2.0.0',
  '10.0.0',
];

/** What every VersionPolicy must do: semver.org precedence, exact version syntax, npm ranges with pre-releases by precedence. */
export function describeVersionPolicyContract(name: string, makePolicy: () => VersionPolicy): void {
  describe(name, () => {
    const policy = makePolicy();

    it('When every pair of an ascending list is compared, Then the order is semver precedence both ways', () => {
      for (const [i, lower] of ASCENDING.entries()) {
        for (const higher of ASCENDING.slice(i + 1)) {
          expect([lower, higher, policy.compare(lower, higher)]).toEqual([lower, higher, -1]);
          expect([higher, lower, policy.compare(higher, lower)]).toEqual([higher, lower, 1]);
        }
        expect(policy.compare(lower, lower)).toBe(0);
      }
    });

    it.each([
      ['1.0.0+build.2', '1.0.0+build.1'],
      ['1.0.0', '1.0.0+sha.abc'],
      ['1.0.0-rc.1+a', '1.0.0-rc.1+b'],
    ])('When %s is compared with %s, Then build metadata is ignored', (a, b) => {
      expect(policy.compare(a, b)).toBe(0);
    });

    it.each([['1.0.0'], ['0.0.0'], ['1.2.3-rc.1+sha.abc'], ['1.0.0-x-y.0a'], ['1.0.0+001']])('When %s is checked, Then it is a version', (version) => {
      expect(policy.isValid(version)).toBe(true);
    });

    it.each([['1.0'], ['v1.0.1'], ['=1.0.0'], [' 1.0.0'], ['1.0.0 '], ['01.0.0'], ['1.0.0-01'], ['1.0.0-alpha..1'], ['1.0.0-'], ['1.0.0+'], ['latest'], ['']])(
      'When %j is checked, Then it is not a version and has no order',
      (text) => {
        expect(policy.isValid(text)).toBe(false);
        expect(policy.compare(text, '1.0.0')).toBeNull();
        expect(policy.compare('1.0.0', text)).toBeNull();
      },
    );

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
      ['1.0.0', '>1', false],
      ['2.0.0', '>1', true],
      ['1.5.0', '<=1.4', false],
      ['1.4.9', '<=1.4', true],
      ['1.3.0', '1.0.0 - 1.5.0', true],
    ])('When %s is checked against %s, Then it satisfies it: %s', (version, range, expected) => {
      expect(policy.satisfies(version, range)).toBe(expected);
    });

    it.each([
      ['1.0.0-beta', '>=1.0.0', false],
      ['1.0.0-beta.11', '>=1.0.0-beta.2', true],
      ['1.0.0-beta.2', '>=1.0.0-beta.11', false],
      ['1.0.0-rc.1', '>=1.0.0-beta', true],
      ['1.0.0-alpha', '>=1.0.0-alpha.1', false],
      ['1.1.0-beta.1', '^1.0.0', true],
      ['2.0.0-rc.1', '^1.0.0', false],
      ['2.0.0-rc.1', '<2.0.0', true],
      ['1.0.0+build.5', '1.0.0', true],
    ])('When the pre-release or build %s is checked against %s, Then precedence decides: %s', (version, range, expected) => {
      expect(policy.satisfies(version, range)).toBe(expected);
    });

    it('When a range or a version is malformed, Then it is not valid and nothing satisfies it', () => {
      expect(policy.isValidRange('^1.0.0')).toBe(true);
      expect(policy.isValidRange('>=1.2 <2 || 3.x')).toBe(true);
      expect(policy.isValidRange('1.0.0 - 1.5.0')).toBe(true);
      expect(policy.isValidRange('latest')).toBe(false);
      expect(policy.isValidRange('>=banana')).toBe(false);
      expect(policy.satisfies('not-a-version', '*')).toBe(false);
      expect(policy.satisfies('v1.0.0', '*')).toBe(false);
      expect(policy.satisfies('1.0.0', 'latest')).toBe(false);
    });
  });
}
