import { token } from '../shared/token';

/**
 * Runs work atomically. Repositories called inside `run` join the transaction
 * implicitly; a throw rolls everything back.
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export const UNIT_OF_WORK = token<UnitOfWork>('UnitOfWork');
