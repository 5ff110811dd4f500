import { randomUUID } from 'node:crypto';
import { ApiKey } from '../../../core/domain/api-key/api-key.entity';
import { ApiKeyRepository } from '../../../core/ports/api-key-repository.port';

export interface ApiKeyRepositoryHarness {
  keys: ApiKeyRepository;
  destroy(): Promise<void>;
}

export function anApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: randomUUID().replace(/-/g, ''),
    name: 'contract key',
    secretDigest: `sha256$${'ab'.repeat(32)}`,
    createdAt: new Date('2030-04-05T06:07:08.901Z'),
    ...overrides,
  };
}

export function describeApiKeyRepositoryContract(name: string, makeHarness: () => Promise<ApiKeyRepositoryHarness>): void {
  describe(name, () => {
    let harness: ApiKeyRepositoryHarness;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a key is created, Then findById returns every field unchanged', async () => {
      const key = anApiKey({ name: 'Zoë 🚀 密钥'.padEnd(60, '.') });
      await harness.keys.create(key);

      expect(await harness.keys.findById(key.id)).toEqual(key);
    });

    it('When an id was never stored, Then findById returns null', async () => {
      expect(await harness.keys.findById('f'.repeat(32))).toBeNull();
    });

    it('When ids differ only in letter case, Then they are different keys', async () => {
      const key = anApiKey({ id: 'abcdef'.padEnd(32, '0') });
      await harness.keys.create(key);

      expect(await harness.keys.findById(key.id.toUpperCase())).toBeNull();
    });
  });
}
