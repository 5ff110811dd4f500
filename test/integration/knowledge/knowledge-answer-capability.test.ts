import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonObject } from '../../../core/shared/json';
import { KnowledgeCapability } from '../../../plugins/kernel/capabilities/knowledge-capability';
import { InMemoryKnowledgeStorage } from '../../fixtures/knowledge/in-memory-knowledge-storage';
import { createKnowledgeTestBed, KnowledgeTestBed } from '../../fixtures/knowledge/knowledge-test-bed';
import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';

/** Asks `knowledge.answer` with its input and returns the answer, or the kernel error's code. */
const ASKER = `
const { knowledge } = require('kernel:api');
exports.default = async (input) => {
  try { return { answer: await knowledge.answer(input) }; } catch (error) { return { code: error.code }; }
};`;

function writePlugin(root: string, id: string, capabilities: JsonObject): void {
  const dir = join(root, id);
  mkdirSync(dir);
  writeFileSync(join(dir, 'index.js'), ASKER);
  const manifest = {
    manifestVersion: 1,
    id,
    publisher: 'fixtures',
    name: id,
    version: '1.0.0',
    kernel: '^1.1.0',
    description: `Test fixture ${id}.`,
    category: 'knowledge',
    kind: 'tool',
    entry: 'index.js',
    input_schema: { type: 'object' },
    output_schema: {},
    capabilities,
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
}

describe('knowledge.answer through the kernel (the offline model answers)', () => {
  let bed: KnowledgeTestBed;
  let kernel: TestKernel;
  let pluginRoot: string;
  let baseId: string;

  beforeAll(async () => {
    bed = createKnowledgeTestBed(new InMemoryKnowledgeStorage());
    baseId = (await bed.manager.create(TEST_ACTOR, { name: 'Shop help' })).id;
    await bed.ingestor.add(TEST_ACTOR, baseId, { title: 'returns.md', content: 'Goods may be returned within thirty days of delivery.' });
    await bed.ingestor.add(TEST_ACTOR, baseId, { title: 'shipping.md', content: 'Orders ship within two working days.' });
    pluginRoot = mkdtempSync(join(tmpdir(), 'answer-plugins-'));
    writePlugin(pluginRoot, 'answer_twice', { knowledge: {}, llm: { maxCalls: 2 } });
    writePlugin(pluginRoot, 'answer_without_llm', { knowledge: {} });
    writePlugin(pluginRoot, 'answer_undeclared', {});
    kernel = await createTestKernel({ tools: [], pluginDirs: [pluginRoot], handlers: { knowledge: new KnowledgeCapability(bed.gateway) } });
  });

  afterAll(async () => {
    await kernel?.close();
    rmSync(pluginRoot, { recursive: true, force: true });
  });

  it('When the manifest grants answers, Then the tool gets the core’s answer, its sources numbered as cited', async () => {
    const question = 'How long do I have to return goods?';
    const outcome = await kernel.invoke('answer_twice', { question, knowledgeBaseId: baseId, topK: 2 });
    const core = await bed.answerer.answer(TEST_ACTOR, { question, knowledgeBaseId: baseId, topK: 2 });

    expect(outcome).toMatchObject({ success: true, receipt: { capabilities_used: ['knowledge', 'llm'] } });
    expect(outcome.success && outcome.result).toEqual({
      answer: {
        answer: core.answer,
        grounded: true,
        sources: core.sources.map((source) => ({
          number: source.index,
          documentId: source.documentId,
          knowledgeBaseId: baseId,
          filename: source.title,
          chunkIndex: source.chunkIndex,
          content: source.content,
          score: source.score,
        })),
        citations: core.citations,
        model: core.model,
        usage: core.usage,
      },
    });
    expect(core.citations.length).toBeGreaterThan(0);
  });

  it('When nothing relevant is found, Then the answer says so and is not grounded', async () => {
    const empty = (await bed.manager.create(TEST_ACTOR, { name: 'Empty' })).id;
    const outcome = await kernel.invoke('answer_twice', { question: 'What is the refund policy?', knowledgeBaseId: empty });
    expect(outcome).toMatchObject({ success: true, result: { answer: { grounded: false, sources: [], citations: [], model: null } } });
  });

  it.each([
    ['declares knowledge but not llm', 'answer_without_llm'],
    ['does not declare knowledge', 'answer_undeclared'],
  ])('When the manifest %s, Then knowledge.answer rejects with capability_denied', async (_how, id) => {
    const outcome = await kernel.invoke(id, { question: 'How long do I have to return goods?' });
    expect(outcome).toMatchObject({ success: true, result: { code: 'capability_denied' } });
  });

  it('When the question is missing, Then the call rejects with invalid_argument', async () => {
    expect(await kernel.invoke('answer_twice', {})).toMatchObject({ success: true, result: { code: 'invalid_argument' } });
  });
});
