import { CAPABILITY_NAMES } from '../../../core/domain/tool/tool-descriptor';
import { CAPABILITY_METHODS } from '../../../plugins/kernel/capabilities/capability-methods';
import manifestSchema from '../../../plugins/kernel/manifest/manifest.schema.json';

describe('capability lists stay in step', () => {
  it('the manifest schema declares exactly the capability names of the domain', () => {
    expect(Object.keys(manifestSchema.properties.capabilities.properties).sort()).toEqual([...CAPABILITY_NAMES].sort());
    expect([...Object.keys(CAPABILITY_METHODS), 'log'].sort()).toEqual([...CAPABILITY_NAMES].sort());
  });
});
