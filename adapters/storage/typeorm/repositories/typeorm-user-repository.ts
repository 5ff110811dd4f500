import { EntityManager } from 'typeorm';
import { User } from '../../../../core/domain/user/user.entity';
import { EmailTakenError } from '../../../../core/domain/user/user.errors';
import { UserRepository } from '../../../../core/ports/user-repository.port';
import { isDuplicateKeyError } from '../driver-errors';
import { UserOrmEntity } from '../entities/user.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { normalizeEmail, toUser, toUserRow } from '../mappers/user.mapper';
import { cachedStatement, sqliteDatabaseOf } from '../sqlite-statements';

const SELECT_USER = 'SELECT id, email, nickname, role, password_hash, created_at FROM users';

interface UserRow {
  id: string;
  email: string;
  nickname: string;
  role: string;
  password_hash: string;
  created_at: string | Date;
}

export class TypeOrmUserRepository implements UserRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(user: User): Promise<void> {
    try {
      await this.managers.use((manager) => manager.insert(UserOrmEntity, toUserRow(user)));
    } catch (error) {
      // Ids are fresh UUIDs, so the one unique key a caller can collide on is the e-mail.
      if (isDuplicateKeyError(error)) throw new EmailTakenError();
      throw error;
    }
  }

  findById(id: string): Promise<User | null> {
    return this.findOne('id', id);
  }

  findByEmail(email: string): Promise<User | null> {
    return this.findOne('email', normalizeEmail(email));
  }

  /**
   * A raw point read: every authenticated request loads its user, and TypeORM's `findOneBy`
   * costs several times a plain query here (docs/benchmarks.md). The driver still hydrates
   * the timestamp, so both dialects map alike.
   */
  private async findOne(column: 'id' | 'email', value: string): Promise<User | null> {
    return this.managers.use(async (manager) => {
      const row = await this.readRow(manager, `${SELECT_USER} WHERE ${column} = ? LIMIT 1`, value);
      if (!row) return null;
      const createdAt = manager.connection.getMetadata(UserOrmEntity).findColumnWithPropertyName('createdAt');
      return toUser({
        id: row.id,
        email: row.email,
        nickname: row.nickname,
        role: row.role,
        passwordHash: row.password_hash,
        createdAt: createdAt ? (manager.connection.driver.prepareHydratedValue(row.created_at, createdAt) as Date) : new Date(row.created_at),
      });
    });
  }

  /** On SQLite a cached better-sqlite3 statement on the one connection (inside or outside a transaction alike). */
  private async readRow(manager: EntityManager, sql: string, value: string): Promise<UserRow | undefined> {
    const database = sqliteDatabaseOf(manager);
    if (!database) return ((await manager.query(sql, [value])) as UserRow[])[0];
    return cachedStatement(database, sql).get(value) as UserRow | undefined;
  }
}
