/**
 * Real-infrastructure suites join only when their variable is set; otherwise they are
 * reported as skipped with the reason logged, never faked.
 */
export function describeWithEnv(variable: string, name: string, body: (value: string) => void): void {
  const value = process.env[variable];
  if (!value) {
    console.warn(`[skipped] ${name}: ${variable} is not set`);
    describe.skip(`${name} (skipped: ${variable} not set)`, () => body(''));
    return;
  }
  describe(name, () => body(value));
}
