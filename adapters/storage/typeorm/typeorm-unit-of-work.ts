import { UnitOfWork } from '../../../core/ports/unit-of-work.port';
import { ManagerProvider } from './manager-provider';

/** A nested `run` joins the outer transaction: there are no savepoints, one throw rolls back all. */
export class TypeOrmUnitOfWork implements UnitOfWork {
  constructor(private readonly managers: ManagerProvider) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.managers.transaction(() => work());
  }
}
