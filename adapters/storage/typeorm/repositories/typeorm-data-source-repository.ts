import { DataSource } from '../../../../core/domain/data-source/data-source.entity';
import { DataSourceNameTakenError } from '../../../../core/domain/data-source/data-source.errors';
import { DataSourceRepository, DataSourceSlice } from '../../../../core/ports/data-source-repository.port';
import { isDuplicateKeyError } from '../driver-errors';
import { DataSourceOrmEntity } from '../entities/data-source.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toDataSource, toDataSourceRow } from '../mappers/data-source.mapper';

export class TypeOrmDataSourceRepository implements DataSourceRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(source: DataSource): Promise<void> {
    try {
      await this.managers.use((manager) => manager.insert(DataSourceOrmEntity, toDataSourceRow(source)));
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new DataSourceNameTakenError(source.name);
      throw error;
    }
  }

  async findById(id: string): Promise<DataSource | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(DataSourceOrmEntity, { id }));
    return row ? toDataSource(row) : null;
  }

  async list(ownerId: string | undefined, offset: number, limit: number): Promise<DataSourceSlice> {
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(DataSourceOrmEntity, {
        where: ownerId === undefined ? {} : { ownerId },
        order: { name: 'ASC', id: 'ASC' },
        skip: offset,
        take: limit,
      }),
    );
    return { items: rows.map(toDataSource), total };
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.managers.use((manager) => manager.delete(DataSourceOrmEntity, { id }));
    return (result.affected ?? 0) > 0;
  }
}
