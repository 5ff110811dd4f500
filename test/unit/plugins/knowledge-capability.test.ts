import { Actor } from '../../../core/domain/auth/actor';
import { KnowledgeCapability, KNOWLEDGE_CAPABILITY_LIMITS } from '../../../plugins/kernel/capabilities/knowledge-capability';
import { CapabilityRouter } from '../../../plugins/kernel/capabilities/capability-router';
import { CapabilityScope } from '../../../plugins/kernel/capabilities/capability-scope';
import { CapabilityGrants } from '../../../plugins/kernel/manifest/plugin-manifest';
import { InMemoryKnowledgeStorage } from '../../fixtures/knowledge/in-memory-knowledge-storage';
import { createKnowledgeTestBed, KnowledgeTestBed } from '../../fixtures/knowledge/knowledge-test-bed';

const alice: Actor = { userId: 'alice', role: 'user' };
const bob: Actor = { userId: 'bob', role: 'user' };

function scopeFor(actor: Actor, grants: CapabilityGrants = { knowledge: {} }): CapabilityScope {
  return {
    pluginId: 'kb_probe',
    publisher: 'builtin',
    grants,
    actor,
    signal: new AbortController().signal,
    deadline: Number.MAX_SAFE_INTEGER,
    counts: new Map(),
    used: new Set(),
  };
}

/** What the sandbox receives: `1<json>` decoded, or the `{code, message}` of a `0<json>`. */
async function call(router: CapabilityRouter, scope: CapabilityScope, method: string, args: unknown): Promise<{ ok: boolean; body: unknown }> {
  const answer = await router.handle(scope, 'knowledge', method, JSON.stringify(args));
  return { ok: answer[0] === '1', body: JSON.parse(answer.slice(1)) };
}

describe('KnowledgeCapability behind the capability router', () => {
  let bed: KnowledgeTestBed;
  let router: CapabilityRouter;
  let own: string;
  let shared: string;
  let hidden: string;

  beforeEach(async () => {
    bed = createKnowledgeTestBed(new InMemoryKnowledgeStorage());
    router = new CapabilityRouter();
    router.register('knowledge', new KnowledgeCapability(bed.gateway));
    own = (await bed.manager.create(alice, { name: 'Mine', description: 'my notes' })).id;
    shared = (await bed.manager.create(bob, { name: 'Shared', isPublic: true })).id;
    hidden = (await bed.manager.create(bob, { name: 'Hidden' })).id;
  });

  it('When a document is added and searched, Then the answers have the SDK shapes', async () => {
    const scope = scopeFor(alice);
    const added = await call(router, scope, 'addDocument', {
      knowledgeBaseId: own,
      title: 'faq.md',
      content: 'The warranty lasts two years from the date of purchase.',
      contentType: 'text/markdown',
      // An own "__proto__" key, as JSON from the sandbox can carry.
      metadata: JSON.parse('{"source": "site", "__proto__": "x"}'),
    });
    expect(added).toEqual({ ok: true, body: { documentId: expect.any(String), chunks: 1 } });
    const { documentId } = added.body as { documentId: string };
    const stored = await bed.documentManager.get(alice, own, documentId);
    expect(Object.keys(stored.metadata).sort()).toEqual(['__proto__', 'source']);
    expect(Object.getPrototypeOf(stored.metadata)).toBe(Object.prototype);

    expect(await call(router, scope, 'search', { query: 'how long is the warranty', topK: 3 })).toEqual({
      ok: true,
      body: {
        items: [
          {
            documentId,
            knowledgeBaseId: own,
            filename: 'faq.md',
            chunkIndex: 0,
            content: 'The warranty lasts two years from the date of purchase.',
            score: expect.any(Number),
          },
        ],
      },
    });
  });

  it('When bases are listed, Then each says its size, visibility and whether the caller may write it', async () => {
    await bed.ingestor.add(alice, own, { title: 'a', content: 'text' });
    expect(await call(router, scopeFor(alice), 'listBases', {})).toEqual({
      ok: true,
      body: {
        items: [
          { id: shared, name: 'Shared', description: '', documents: 0, isPublic: true, writable: false },
          { id: own, name: 'Mine', description: 'my notes', documents: 1, isPublic: false, writable: true },
        ],
      },
    });
  });

  it.each([
    ['search in a hidden base', 'search', () => ({ query: 'x', knowledgeBaseId: hidden }), 'not_found'],
    ['add to a hidden base', 'addDocument', () => ({ knowledgeBaseId: hidden, title: 't', content: 'c' }), 'not_found'],
    ['add to a read-only public base', 'addDocument', () => ({ knowledgeBaseId: shared, title: 't', content: 'c' }), 'capability_denied'],
    ['search without a query', 'search', () => ({}), 'invalid_argument'],
    ['search with a string topK', 'search', () => ({ query: 'x', topK: '5' }), 'invalid_argument'],
    ['search with topK 0', 'search', () => ({ query: 'x', topK: 0 }), 'invalid_argument'],
    ['add with nested metadata', 'addDocument', () => ({ knowledgeBaseId: own, title: 't', content: 'c', metadata: { a: { b: 1 } } }), 'invalid_argument'],
    [
      'add with an unknown content type',
      'addDocument',
      () => ({ knowledgeBaseId: own, title: 't', content: 'c', contentType: 'text/html' }),
      'invalid_argument',
    ],
    ['add a blank text', 'addDocument', () => ({ knowledgeBaseId: own, title: 't', content: '   ' }), 'invalid_argument'],
    ['add an over-long text', 'addDocument', () => ({ knowledgeBaseId: own, title: 't', content: 'x'.repeat(200_001) }), 'too_large'],
  ])('When a tool tries to %s, Then the call fails with %s', async (_case, method, args, code) => {
    const answer = await call(router, scopeFor(alice), method, args());
    expect(answer).toEqual({ ok: false, body: { code, message: expect.any(String) } });
    expect(await bed.documentManager.list(bob, shared, { page: 1, pageSize: 10 })).toMatchObject({ total: 0 });
  });

  it('When one tool call uses knowledge too often, Then the calls past the limit fail with quota_exceeded', async () => {
    const scope = scopeFor(alice);
    for (let i = 0; i < KNOWLEDGE_CAPABILITY_LIMITS.maxCalls; i += 1) {
      expect((await call(router, scope, 'listBases', {})).ok).toBe(true);
    }
    expect(await call(router, scope, 'listBases', {})).toEqual({ ok: false, body: { code: 'quota_exceeded', message: expect.any(String) } });
    expect((await call(router, scopeFor(alice), 'listBases', {})).ok).toBe(true);
  });

  it('When one tool call asks for more answers than the llm grant has model calls, Then the answers past it fail with quota_exceeded and both capabilities are used', async () => {
    await bed.ingestor.add(alice, own, { title: 'faq.md', content: 'The warranty lasts two years from the date of purchase.' });
    const scope = scopeFor(alice, { knowledge: {}, llm: { maxCalls: 2 } });
    for (let i = 0; i < 2; i += 1) {
      expect(await call(router, scope, 'answer', { question: 'How long is the warranty?', knowledgeBaseId: own })).toMatchObject({
        ok: true,
        body: { grounded: true },
      });
    }
    expect(await call(router, scope, 'answer', { question: 'How long is the warranty?' })).toEqual({
      ok: false,
      body: { code: 'quota_exceeded', message: expect.any(String) },
    });
    expect([...scope.used].sort()).toEqual(['knowledge', 'llm']);
    expect(scope.counts.get('llm')).toBe(3);
  });

  it('When the manifest declares knowledge but not llm, Then answer fails with capability_denied', async () => {
    expect(await call(router, scopeFor(alice), 'answer', { question: 'How long is the warranty?' })).toEqual({
      ok: false,
      body: { code: 'capability_denied', message: expect.stringContaining('"llm"') },
    });
  });
});
