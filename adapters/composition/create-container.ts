import { Container } from 'inversify';

/**
 * The one way a container is made, in production and in tests: use cases (classes marked
 * `@injectable`) need no binding, autobind resolves them on first use, once per container;
 * modules bind ports only. Controllers are bound transient by the contract modules.
 */
export function createContainer(): Container {
  return new Container({ autobind: true, defaultScope: 'Singleton' });
}
