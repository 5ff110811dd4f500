import { inject, injectable } from 'inversify';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';

/** This process's name as a lease owner: one per container, so each server and worker is told apart. */
@injectable()
export class ProcessIdentity {
  readonly id: string;

  constructor(@inject(ID_GENERATOR) ids: IdGenerator) {
    this.id = ids.uuid();
  }
}
