import { CAPABILITY_NAMES } from '../../../core/domain/tool/tool-descriptor';
import { CAPABILITY_METHODS } from '../../../plugins/kernel/capabilities/capability-methods';
import manifestSchema from '../../../plugins/kernel/manifest/manifest.schema.json';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { REMOTE_METHODS } = require('../../../plugins/kernel/sandbox/worker/bootstrap-source.js') as { REMOTE_METHODS: unknown };

describe('capability lists stay in step', () => {
  it('the host router and the in-isolate SDK expose the same methods', () => {
    expect(REMOTE_METHODS).toEqual(CAPABILITY_METHODS);
  });

  it('the manifest schema declares exactly the capability names of the domain', () => {
    expect(Object.keys(manifestSchema.properties.capabilities.properties).sort()).toEqual([...CAPABILITY_NAMES].sort());
    expect([...Object.keys(CAPABILITY_METHODS), 'log'].sort()).toEqual([...CAPABILITY_NAMES].sort());
  });
});
