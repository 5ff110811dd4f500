import { JsonPathRefusedError } from '../../../../../core/domain/workflow/json-path';
import { JsonValue } from '../../../../../core/shared/json';
import { JsonTransformNode } from '../../../../../core/services/workflows/nodes/json-transform-node';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

/** Understands `$.a.b` and `$.a[*].b` only, and records the documents it was given. */
class FakePaths {
  readonly documents: JsonValue[] = [];
  select(path: string, document: JsonValue): JsonValue {
    this.documents.push(document);
    if (path.includes('?(')) throw new JsonPathRefusedError(path, 'filter and script expressions are not supported');
    const [head, tail] = path.slice(2).split('[*].');
    const value = walk(document, head);
    if (tail === undefined) return value ?? null;
    return Array.isArray(value) ? value.map((item) => walk(item, tail) ?? null) : [];
  }
}

function walk(value: JsonValue | undefined, dotted: string): JsonValue | undefined {
  return dotted
    .split('.')
    .reduce<JsonValue | undefined>((current, key) => (current && typeof current === 'object' && !Array.isArray(current) ? current[key] : undefined), value);
}

const context = (mapping: Record<string, string>) =>
  nodeContext({
    type: 'json_transform',
    config: { mapping },
    input: { customer: { name: 'Ada' } },
    outputs: { fetch: { items: [{ id: 1 }, { id: 2 }] } },
    last: 'previous',
  });

describe('json_transform node', () => {
  it('When it runs, Then each key takes what its path selects in a document of the input, the last output and each node output', async () => {
    const paths = new FakePaths();

    const result = await new JsonTransformNode(paths).run(
      context({ ids: '$.fetch.output.items[*].id', name: '$.input.customer.name', before: '$.last', none: '$.input.nothing' }),
    );

    expect(result).toEqual({ output: { ids: [1, 2], name: 'Ada', before: 'previous', none: null } });
    expect(paths.documents[0]).toEqual({ fetch: { output: { items: [{ id: 1 }, { id: 2 }] } }, input: { customer: { name: 'Ada' } }, last: 'previous' });
  });

  it('When an output key is __proto__, Then it is an ordinary key of the output', async () => {
    const result = await new JsonTransformNode(new FakePaths()).run(context(JSON.parse('{"__proto__": "$.input.customer.name"}')));

    expect(Object.prototype.hasOwnProperty.call(result.output, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result.output)).toBe(Object.prototype);
  });

  it('When a path is refused, Then the node fails with json_path.refused', async () => {
    const run = new JsonTransformNode(new FakePaths()).run(context({ cheap: '$.fetch.output.items[?(@.id < 2)]' }));

    await expect(run).rejects.toMatchObject({ code: 'json_path.refused' });
  });

  it('When the mapping is empty, Then the node fails as invalid', async () => {
    await expect(new JsonTransformNode(new FakePaths()).run(context({}))).rejects.toMatchObject({ code: 'workflow.invalid_node' });
  });
});
