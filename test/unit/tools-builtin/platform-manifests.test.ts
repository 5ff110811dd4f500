import { validateManifest } from '../../../plugins/kernel/manifest/manifest-validator';
import { manifestChecks } from '../../support/manifest-checks';
import { compileSchema } from '../../support/untrusted-schemas';

// The platform built-ins: every manifest must load, ask for exactly its one action, and keep its promises.
const TOOLS: Array<[string, string, number | undefined]> = [
  ['call_agent', 'agents.call', 30_000],
  ['run_workflow', 'workflows.run', 30_000],
  ['create_task', 'tasks.create', undefined],
  ['update_task_status', 'tasks.update_status', undefined],
  ['schedule_run', 'schedules.create', undefined],
];

interface Example {
  description: string;
  input: Record<string, unknown>;
  output?: unknown;
}

type Manifest = Record<string, unknown> & {
  examples?: Example[];
  input_schema: Record<string, unknown>;
  output_schema: object;
  limits?: { timeout_ms?: number };
};

function manifestOf(id: string): Manifest {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(`../../../tools-builtin/${id}/manifest.json`);
}

describe.each(TOOLS)('manifest of %s', (id, action, timeoutMs) => {
  const manifest = manifestOf(id);

  it('When validated by the kernel, Then it has no issue', () => {
    expect(validateManifest(manifest, manifestChecks)).toMatchObject({ ok: true });
  });

  it('When read, Then it is a closed-input platform builtin asking only for its own action', () => {
    expect(manifest).toMatchObject({ id, publisher: 'builtin', entry: 'dist/index.js', category: 'platform', kind: 'tool' });
    expect(manifest.input_schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(manifest.output_schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(manifest.capabilities).toEqual({ platform: { actions: [action] } });
    expect(manifest.limits?.timeout_ms).toBe(timeoutMs);
    expect((manifest.examples ?? []).length).toBeGreaterThan(0);
  });

  it('When offered to a model, Then the input schema has no top-level combinator (Anthropic and OpenAI refuse them)', () => {
    expect(Object.keys(manifest.input_schema).filter((key) => ['oneOf', 'anyOf', 'allOf', 'not'].includes(key))).toEqual([]);
  });

  it('When its examples are checked, Then every input fits input_schema and every shown output fits output_schema', () => {
    const input = compileSchema(manifest.input_schema);
    const output = compileSchema(manifest.output_schema);
    for (const example of manifest.examples ?? []) {
      expect({ example: example.description, issues: input.validate(example.input as never) }).toEqual({ example: example.description, issues: [] });
      if (example.output !== undefined)
        expect({ example: example.description, issues: output.validate(example.output as never) }).toEqual({ example: example.description, issues: [] });
    }
  });
});

describe('input schemas', () => {
  const validInput = (id: string) => (input: object) => compileSchema(manifestOf(id).input_schema).validate(input as never).length === 0;

  it.each([
    ['create_task', { title: 'T', due_at: '2030-05-10' }, true],
    ['create_task', { title: 'T', due_at: '2030-05-10T17:00:00+02:00' }, true],
    ['create_task', { title: 'T', due_at: 'next friday' }, false],
    ['create_task', { title: '' }, false],
    ['create_task', { title: 'T', depends_on: ['not-a-uuid'] }, false],
    ['update_task_status', { task_id: '9a7b6c5d-4e3f-4a1b-8c2d-1e0f9a8b7c6d', status: 'awaiting_approval' }, false],
    ['schedule_run', { target_type: 'agent', target_id: '3b9f2c1e-8d4a-4f6b-9c2e-7a1d5e0f4b21', cron: '@daily' }, true],
    ['schedule_run', { target_type: 'agent', target_id: '3b9f2c1e-8d4a-4f6b-9c2e-7a1d5e0f4b21', run_at: '2030-01-15' }, false],
    ['schedule_run', { target_type: 'goal', target_id: '3b9f2c1e-8d4a-4f6b-9c2e-7a1d5e0f4b21', cron: '@daily' }, false],
    ['call_agent', { agent_id: '3b9f2c1e-8d4a-4f6b-9c2e-7a1d5e0f4b21', message: 'hi', history: [] }, false],
    ['run_workflow', { workflow_id: '5c2d8e4f-1a3b-4c5d-8e9f-0a1b2c3d4e5f', input: 'plain text is fine' }, true],
  ])('When %s gets %j, Then the schema says %s', (id, input, valid) => {
    expect(validInput(id)(input)).toBe(valid);
  });
});
