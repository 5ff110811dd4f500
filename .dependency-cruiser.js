/** The architecture's import rules (docs/ARCHITECTURE.md), checked by `npm test`. */
module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      comment: 'core/ knows no framework, driver or wire format',
      severity: 'error',
      from: { path: '^core/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: '^node_modules/(inversify|@inversifyjs)/' },
    },
    {
      name: 'core-domain-is-self-contained',
      comment: 'core/domain imports only core/domain and core/shared',
      severity: 'error',
      from: { path: '^core/domain/' },
      to: { pathNot: '^core/(domain|shared)/' },
    },
    {
      name: 'core-ports-know-only-domain',
      severity: 'error',
      from: { path: '^core/(ports|shared)/' },
      to: { pathNot: '^core/(domain|shared|ports)/' },
    },
    {
      name: 'core-imports-only-core',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(adapters|contracts|plugins|bin|test)/' },
    },
    {
      name: 'core-no-node-builtins-in-domain',
      severity: 'error',
      from: { path: '^core/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-contract-to-contract',
      comment: 'contracts share the core, not each other (contracts/http is the shared HTTP plumbing)',
      severity: 'error',
      from: { path: '^contracts/(platform|envelope|prompt)/' },
      to: { path: '^contracts/(platform|envelope|prompt)/', pathNot: '^contracts/$1/' },
    },
    {
      name: 'no-adapter-to-adapter',
      comment: 'an adapter imports core, config and its own folder only; the composition root wires them',
      severity: 'error',
      from: { path: '^adapters/([^/]+)/', pathNot: '^adapters/(config|system)/' },
      to: { path: '^adapters/', pathNot: ['^adapters/$1/', '^adapters/config/'] },
    },
    {
      name: 'adapters-not-to-contracts',
      severity: 'error',
      from: { path: '^adapters/' },
      to: { path: '^(contracts|bin)/' },
    },
    {
      name: 'kernel-not-to-contracts',
      severity: 'error',
      from: { path: '^plugins/kernel/' },
      to: { path: '^(contracts|bin|adapters/(?!config/))' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(generated|dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['cjs', 'es6'],
  },
};
