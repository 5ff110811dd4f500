/** Three projects: unit (no I/O), integration (real SQLite, MariaDB, RabbitMQ, isolates), e2e (HTTP). */
const common = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }] },
  // Tool modules import `kernel:api`, which only the sandbox provides; unit tests get its error classes.
  moduleNameMapper: { '^kernel:api$': '<rootDir>/test/support/kernel-api-double.ts' },
};

module.exports = {
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
  ],
};
