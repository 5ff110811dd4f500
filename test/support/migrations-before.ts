import { MIGRATIONS } from '../../adapters/storage/typeorm/migrations';

/** The migrations that come before `migration`: the schema as it stood when it was written (later ones may depend on it). */
export function migrationsBefore(migration: (typeof MIGRATIONS)[number]): typeof MIGRATIONS {
  const index = MIGRATIONS.indexOf(migration);
  if (index < 0) throw new Error(`${migration.name} is not a listed migration`);
  return MIGRATIONS.slice(0, index);
}
