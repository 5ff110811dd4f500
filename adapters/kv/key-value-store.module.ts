import { ContainerModule } from 'inversify';
import { KEY_VALUE_STORE } from '../../core/ports/key-value-store.port';
import { InMemoryKeyValueStore } from './in-memory/in-memory-key-value-store';

/**
 * Binds `KEY_VALUE_STORE`. Only the in-memory store exists so far; the TypeORM one will
 * be chosen here by `config.storage` once it lands.
 */
export function keyValueStoreModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(KEY_VALUE_STORE).toConstantValue(new InMemoryKeyValueStore());
  });
}
