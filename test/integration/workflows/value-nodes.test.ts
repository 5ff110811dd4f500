import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { GuardedHttpEgress } from '../../../adapters/http/guarded-http-egress';
import { JsonPathPlusJsonPathQuery } from '../../../adapters/json/jsonpath-plus-json-path-query';
import { JsonRepairLenientJsonReader } from '../../../adapters/json/jsonrepair-lenient-json-reader';
import { NodeTimers } from '../../../adapters/system/node-timers';
import { SystemClock } from '../../../adapters/system/system-clock';
import { AjvJsonSchemaValidator } from '../../../adapters/validation/ajv-json-schema-validator';
import { Logger } from '../../../core/ports/logger.port';
import { NodeConfigChecker } from '../../../core/services/workflows/node-config-checker.service';
import { NodeTypes } from '../../../core/services/workflows/node-types.service';
import { ControlNodeTypes } from '../../../core/services/workflows/nodes/control-node-types';
import { LeafNodeTypes } from '../../../core/services/workflows/nodes/leaf-node-types';
import { WorkflowValidator } from '../../../core/services/workflows/workflow-validator.service';
import { DEFAULT_WORKFLOW_SETTINGS } from '../../../core/services/workflows/workflow-settings';
import { InMemoryWorkflowRepository } from '../../fixtures/workflows/in-memory-workflow-repository';
import { WorkflowEngine } from '../../../core/services/workflows/workflow-engine.service';
import { createTestKernel, EchoLlmProvider, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';
import { leafNodePorts } from '../../fixtures/workflows/leaf-node-ports.mother';
import { InMemoryWorkspaceFiles } from '../../fixtures/workflows/in-memory-workspace-files';
import { linearGraph, node } from '../../fixtures/workflows/workflow.mother';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** The value nodes on real adapters: the sandbox kernel, the egress guard, jsonpath-plus, Ajv, Node's timers. */
describe('Value nodes in a workflow run (real kernel, egress guard and JSONPath)', () => {
  let kernel: TestKernel;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: [] });
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.setHeader('set-cookie', 'session=s3cret');
      response.end(JSON.stringify({ path: request.url, items: [{ id: 3 }, { id: 4 }, { id: 5 }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await kernel.close();
  });

  function engine(allowHosts: string[]) {
    const llm = new EchoLlmProvider();
    const ports = leafNodePorts({
      json: new JsonRepairLenientJsonReader(),
      schemas: new AjvJsonSchemaValidator(),
      egress: new GuardedHttpEgress({ allowHosts }),
      kernel: kernel.registry,
      throttle: { take: async () => undefined },
      paths: new JsonPathPlusJsonPathQuery(),
      timers: new NodeTimers(),
      files: new InMemoryWorkspaceFiles(),
    });
    const unused = async (): Promise<never> => Promise.reject(new Error('unused'));
    const leaves = new LeafNodeTypes(llm, { call: unused }, { use: unused }, ports);
    const nodeTypes = new NodeTypes(new ControlNodeTypes(new InMemoryWorkflowRepository()), leaves);
    const validator = new WorkflowValidator(nodeTypes, new NodeConfigChecker(nodeTypes, new AjvJsonSchemaValidator()), new AjvJsonSchemaValidator());
    return new WorkflowEngine(nodeTypes, validator, { ...DEFAULT_WORKFLOW_SETTINGS, maxLlmCallsPerRun: 10 }, new SystemClock(), new NodeTimers(), silent);
  }

  it('When http, json_transform, code, variable_assign, delay, file nodes and answer run in a line, Then each sees the ones before it', async () => {
    const graph = linearGraph(
      node('fetch', 'http', { url: `${origin}/orders/{{input.customer}}` }),
      node('pick', 'json_transform', { mapping: { ids: '$.fetch.output.body.items[*].id', path: '$.fetch.output.body.path' } }),
      node('sum', 'code', {
        code: 'function main(input) { console.log("n", input.ids.length); return { total: input.ids.reduce((a, b) => a + b, 0) }; }',
        input: { ids: '{{nodes.pick.output.ids}}' },
      }),
      node('vars', 'variable_assign', { assignments: { total: '{{nodes.sum.output.total}}', customer: '{{input.customer}}' } }),
      node('wait', 'delay', { ms: 5 }),
      node('save', 'file_write', { path: 'totals/{{input.customer}}.txt', content: '{{nodes.vars.output.total}}' }),
      node('load', 'file_read', { path: '{{nodes.save.output.path}}' }),
      node('reply', 'answer', { answer: '{{nodes.vars.output.customer}} ordered {{nodes.load.output.content}} from {{nodes.pick.output.path}}' }),
    );

    const result = await engine(['127.0.0.1']).run(TEST_ACTOR, graph, { customer: 'ada' });

    expect(result.error).toBeUndefined();
    expect(result.success).toBe(true);
    const outputs = Object.fromEntries(result.steps.map((step) => [step.node_id, step.output]));
    expect(outputs.fetch).toEqual({
      status: 200,
      headers: expect.not.objectContaining({ 'set-cookie': expect.anything() }),
      body: { path: '/orders/ada', items: [{ id: 3 }, { id: 4 }, { id: 5 }] },
    });
    expect(outputs.pick).toEqual({ ids: [3, 4, 5], path: '/orders/ada' });
    expect(outputs.sum).toEqual({ total: 12 });
    expect(outputs.vars).toEqual({ total: 12, customer: 'ada' });
    expect(outputs.wait).toEqual({ total: 12, customer: 'ada' });
    expect(outputs.load).toEqual({ path: 'totals/ada.txt', content: '12', encoding: 'utf-8', size_bytes: 2 });
    expect(outputs.reply).toEqual({ answer: 'ada ordered 12 from /orders/ada' });
  });

  it('When an http node targets loopback without an operator allow-list, Then the egress guard refuses it and the run fails there', async () => {
    const graph = linearGraph(node('fetch', 'http', { url: `${origin}/admin` }), node('after', 'answer', { answer: 'never' }));

    const result = await engine([]).run(TEST_ACTOR, graph, {});

    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('egress.forbidden_target');
    expect(result.steps.find((step) => step.node_id === 'after')?.status).toBe('skipped');
  });

  it('When code in a code node loops forever, Then the sandbox stops it and the node fails as code.timeout', async () => {
    const graph = linearGraph(node('spin', 'code', { code: 'function main() { for (;;) {} }' }));

    const result = await engine([]).run(TEST_ACTOR, graph, {});

    expect(result.success).toBe(false);
    expect(result.error?.code).toBe('code.timeout');
  });

  it('When a json_transform path holds a filter, Then it is refused rather than evaluated', async () => {
    const graph = linearGraph(node('pick', 'json_transform', { mapping: { cheap: '$.input.items[?(@.price < 10)]' } }));

    const result = await engine([]).run(TEST_ACTOR, graph, { items: [{ price: 5 }] });

    expect(result.error).toMatchObject({ code: 'json_path.refused' });
  });
});
