'use strict';
/**
 * `node -r test/support/transpile-on-require.js bin/worker.ts`: runs the TypeScript sources as
 * they are, transpiled file by file on require the way the tests' ts-jest does (isolatedModules),
 * so a test can start a real entry point in a child process without building dist/ first.
 */
const { readFileSync } = require('node:fs');
const ts = require('typescript');

const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  esModuleInterop: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  inlineSourceMap: true,
};

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};
