import { AppContainer, bootApp } from '../../../adapters/composition/running-app';
import { createPinoRoot } from '../../../adapters/system/pino-logger';
import { DOCUMENT_TEXT_EXTRACTOR, DocumentTextExtractor } from '../../../core/ports/document-text-extractor.port';
import { KNOWLEDGE_GATEWAY, KnowledgeGateway } from '../../../core/ports/knowledge-gateway.port';
import { USER_REPOSITORY, UserRepository } from '../../../core/ports/user-repository.port';
import { KnowledgeBaseManager } from '../../../core/services/knowledge/knowledge-base-manager.service';
import { PLUGIN_KERNEL } from '../../../plugins/kernel/kernel.module';
import { PluginKernel } from '../../../plugins/kernel/plugin-kernel';
import { testConfig } from '../../support/test-config';
import { aUser } from '../../fixtures/users/user.mother';

// The composition root wires the knowledge use cases and the kernel's `knowledge` capability.
describe('knowledgeModule in the composition root', () => {
  let app: AppContainer;

  beforeAll(async () => {
    app = await bootApp(testConfig(), createPinoRoot('silent'), { role: 'embedded' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('When the container is built, Then the use cases run on the configured storage, vectors, embeddings and model, and the kernel has the capability', async () => {
    const user = aUser();
    await app.container.get<UserRepository>(USER_REPOSITORY).create(user);
    const actor = { userId: user.id, role: 'user' } as const;
    const base = await app.container.get(KnowledgeBaseManager).create(actor, { name: 'Wiring' });
    const gateway = app.container.get<KnowledgeGateway>(KNOWLEDGE_GATEWAY);

    await gateway.addDocument(actor, { knowledgeBaseId: base.id, title: 'a.txt', content: 'Composition roots bind ports to adapters.' });

    const [hit] = await gateway.search(actor, { query: 'what binds ports to adapters?' });
    expect(hit).toMatchObject({ knowledgeBaseId: base.id, title: 'a.txt' });
    expect(app.container.get<PluginKernel>(PLUGIN_KERNEL).capabilities.has('knowledge')).toBe(true);
  });

  it('When the container is built, Then uploads have a text extractor, sized by the knowledge settings', async () => {
    const extractor = app.container.get<DocumentTextExtractor>(DOCUMENT_TEXT_EXTRACTOR);

    await expect(extractor.extract({ bytes: new TextEncoder().encode('# Notes'), filename: 'notes.md' })).resolves.toMatchObject({ sourceType: 'markdown' });
    await expect(extractor.extract({ bytes: new Uint8Array(10 * 1024 * 1024 + 1) })).rejects.toMatchObject({ code: 'knowledge_upload.too_large' });
  });
});
