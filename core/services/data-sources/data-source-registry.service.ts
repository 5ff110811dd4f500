import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { DataSource, secretContextOfDataSource } from '../../domain/data-source/data-source.entity';
import { DataSourceNotFoundError, DataSourceValidationError } from '../../domain/data-source/data-source.errors';
import { checkDataSourceSpec, DataSourceSpec } from '../../domain/data-source/data-source-spec';
import { CLOCK, Clock } from '../../ports/clock.port';
import { DATA_SOURCE_REPOSITORY, DataSourceRepository } from '../../ports/data-source-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { SECRET_CIPHER, SecretCipher } from '../../ports/secret-cipher.port';
import { ForbiddenError } from '../../shared/common.errors';
import { summarizeIssues } from '../../shared/issue-summary';
import { offsetOf, Page, PageRequest } from '../../shared/pagination';
import { AuditTrail } from '../audit/audit-trail.service';

/**
 * Creates, lists, reads and deletes users' data sources. A MySQL password is sealed
 * (`SecretCipher`) before it is stored and never returned. Another user's data source is
 * reported as missing (no enumeration); admins see and delete every one.
 */
@injectable()
export class DataSourceRegistry {
  constructor(
    @inject(DATA_SOURCE_REPOSITORY) private readonly sources: DataSourceRepository,
    @inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async create(actor: Actor, spec: DataSourceSpec): Promise<DataSource> {
    const checked = checkDataSourceSpec(spec);
    if (!checked.ok) throw new DataSourceValidationError(summarizeIssues('Invalid data source', checked.issues), checked.issues);
    const id = this.ids.uuid();
    const base = { id, ownerId: actor.userId, name: checked.value.name, createdAt: this.clock.now() };
    const value = checked.value;
    const source: DataSource =
      value.type === 'mysql'
        ? {
            ...base,
            type: 'mysql',
            config: value.config,
            sealedSecret: value.password ? this.cipher.seal(value.password, secretContextOfDataSource(id)) : null,
          }
        : value.type === 'sqlite'
          ? { ...base, type: 'sqlite', config: value.config, sealedSecret: null }
          : { ...base, type: 'document', config: value.config, sealedSecret: null };
    await this.sources.create(source);
    await this.record(actor, 'data_source.create', source);
    return source;
  }

  async list(actor: Actor, page: PageRequest): Promise<Page<DataSource>> {
    const ownerId = actor.role === 'admin' ? undefined : actor.userId;
    const slice = await this.sources.list(ownerId, offsetOf(page), page.pageSize);
    return { items: slice.items, total: slice.total, page: page.page, pageSize: page.pageSize };
  }

  async get(actor: Actor, id: string): Promise<DataSource> {
    const source = await this.sources.findById(id);
    if (!source || !can(actor, 'read', source)) throw new DataSourceNotFoundError(id);
    return source;
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const source = await this.get(actor, id);
    if (!can(actor, 'delete', source)) throw new ForbiddenError('You may not delete this data source');
    if (!(await this.sources.delete(source.id))) throw new DataSourceNotFoundError(id);
    await this.record(actor, 'data_source.delete', source);
  }

  private record(actor: Actor, action: string, source: DataSource): Promise<void> {
    return this.audit.record({
      actorId: actor.userId,
      action,
      resourceType: 'data_source',
      resourceId: source.id,
      outcome: 'success',
      detail: { name: source.name, type: source.type, owner_id: source.ownerId },
    });
  }
}
