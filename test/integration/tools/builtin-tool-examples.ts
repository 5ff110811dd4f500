import { JsonValue } from '../../../core/shared/json';
import { ToolOutcome } from '../../../core/domain/tool/tool-outcome';
import { TestKernel } from '../../support/kernel-harness';
import { compileSchema } from '../../support/untrusted-schemas';

interface Example {
  description: string;
  input: { [key: string]: JsonValue };
  output?: JsonValue;
}

interface Manifest {
  output_schema: object;
  examples?: Example[];
}

/**
 * A success result, or a thrown failure naming the tool's error, so a test reads like the happy
 * path. `T` only types what the test then reads; the assertions check the actual shape.
 */
export async function resultOf<T = JsonValue>(kernel: TestKernel, id: string, input: JsonValue): Promise<T> {
  const outcome = await kernel.invoke(id, input);
  if (!outcome.success) throw new Error(`${id} failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.result as T;
}

/** The outcome of a call the kernel must refuse (or that must fail inside the sandbox). */
export async function failureOf(kernel: TestKernel, id: string, input: JsonValue): Promise<Extract<ToolOutcome, { success: false }>> {
  const outcome = await kernel.invoke(id, input);
  if (outcome.success) throw new Error(`${id} unexpectedly succeeded with ${JSON.stringify(outcome.result)}`);
  return outcome;
}

/**
 * Runs every example of each manifest through the real kernel: an example that shows its
 * output must produce exactly that output, and every result must satisfy output_schema.
 */
export function describeManifestExamples(ids: readonly string[], kernel: () => TestKernel): void {
  describe.each(ids.map((id) => [id]))('examples of %s', (id) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const manifest = require(`../../../tools-builtin/${id}/manifest.json`) as Manifest;
    const output = compileSchema(manifest.output_schema);

    it.each((manifest.examples ?? []).map((example) => [example.description, example]))(
      'When the example "%s" runs in the sandbox, Then it succeeds with the documented output',
      async (_description, example) => {
        const outcome = await kernel().invoke(id, example.input);
        expect(outcome).toMatchObject({ success: true, receipt: { tool_id: id, outcome: 'success' } });
        const result = (outcome as { result: JsonValue }).result;
        expect(output.validate(result)).toEqual([]);
        if (example.output !== undefined) expect(result).toEqual(example.output);
      },
    );
  });
}
