import { EnvelopeRefreshToken } from '../../../../core/domain/envelope/envelope-refresh-token';
import { EnvelopeRefreshTokenRepository } from '../../../../core/ports/envelope-refresh-token-repository.port';
import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { EnvelopeRefreshFamilyOrmEntity } from '../entities/envelope-refresh-family.orm-entity';
import { LessThanOrEqual } from 'typeorm';
import { EnvelopeRefreshTokenOrmEntity } from '../entities/envelope-refresh-token.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** Also a sweeper: expired tokens go, then the families left without a token. */
export class TypeOrmEnvelopeRefreshTokenRepository implements EnvelopeRefreshTokenRepository, ExpiredStateSweeper {
  constructor(private readonly managers: ManagerProvider) {}

  async save(refreshToken: EnvelopeRefreshToken, newFamily: boolean): Promise<void> {
    await this.managers.transaction(async (manager) => {
      if (newFamily) {
        await manager.insert(EnvelopeRefreshFamilyOrmEntity, {
          id: refreshToken.familyId,
          userId: refreshToken.userId,
          revoked: 0,
          createdAt: refreshToken.createdAt,
        });
      }
      await manager.insert(EnvelopeRefreshTokenOrmEntity, { ...refreshToken, used: 0 });
    });
  }

  /**
   * One conditional UPDATE: the database lets exactly one of any number of racing callers flip
   * `used`. The family is read in the same statement, so a revoked family's tokens never pass.
   */
  async use(jti: string, now: Date): Promise<boolean> {
    const result = await this.managers.use((manager) =>
      manager
        .createQueryBuilder()
        .update(EnvelopeRefreshTokenOrmEntity)
        .set({ used: 1 })
        .where('jti = :jti AND used = 0 AND expires_at > :now', { jti, now })
        .andWhere('family_id IN (SELECT f.id FROM envelope_refresh_families f WHERE f.revoked = 0)')
        .execute(),
    );
    return result.affected === 1;
  }

  async find(jti: string): Promise<EnvelopeRefreshToken | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(EnvelopeRefreshTokenOrmEntity, { jti }));
    if (!row) return null;
    return { jti: row.jti, familyId: row.familyId, userId: row.userId, expiresAt: row.expiresAt, createdAt: row.createdAt };
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.managers.use((manager) => manager.update(EnvelopeRefreshFamilyOrmEntity, { id: familyId }, { revoked: 1 }));
  }

  async sweepExpired(now: Date): Promise<number> {
    return this.managers.transaction(async (manager) => {
      const tokens = await manager.delete(EnvelopeRefreshTokenOrmEntity, { expiresAt: LessThanOrEqual(now) });
      // A family is written in one transaction with its first token, so it is never seen here without it.
      await manager
        .createQueryBuilder()
        .delete()
        .from(EnvelopeRefreshFamilyOrmEntity)
        .where('id NOT IN (SELECT t.family_id FROM envelope_refresh_tokens t)')
        .execute();
      return tokens.affected ?? 0;
    });
  }
}
