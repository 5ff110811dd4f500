import { DATA_SOURCE_TYPES, DataSource, DataSourceType } from '../../../../core/domain/data-source/data-source.entity';
import { DataSourceOrmEntity } from '../entities/data-source.orm-entity';

export function toDataSourceRow(source: DataSource): DataSourceOrmEntity {
  return {
    id: source.id,
    ownerId: source.ownerId,
    name: source.name,
    type: source.type,
    config: JSON.stringify(source.config),
    sealedSecret: source.sealedSecret ?? '',
    createdAt: source.createdAt,
  };
}

export function toDataSource(row: DataSourceOrmEntity): DataSource {
  const base = { id: row.id, ownerId: row.ownerId, name: row.name, createdAt: row.createdAt, sealedSecret: row.sealedSecret || null };
  // The config was checked when the source was created; the row only carries it back.
  return { ...base, type: toType(row.type), config: JSON.parse(row.config) } as DataSource;
}

function toType(value: string): DataSourceType {
  const type = DATA_SOURCE_TYPES.find((known) => known === value);
  if (!type) throw new Error('data_sources.type holds an unknown type');
  return type;
}
