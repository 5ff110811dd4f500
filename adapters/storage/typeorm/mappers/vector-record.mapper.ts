import { VectorMetadata, VectorRecord } from '../../../../core/ports/vector-store.port';
import { VectorRecordOrmEntity } from '../entities/vector-record.orm-entity';
import { decodeFloat32, encodeFloat32 } from '../float32-codec';

export function toVectorRow(collection: string, record: VectorRecord): VectorRecordOrmEntity {
  return {
    collection,
    id: record.id,
    vector: encodeFloat32(record.vector),
    metadata: JSON.stringify(record.metadata),
    content: record.content,
  };
}

export function toVectorRecord(row: VectorRecordOrmEntity): VectorRecord {
  return {
    id: row.id,
    vector: decodeFloat32(row.vector),
    metadata: JSON.parse(row.metadata) as VectorMetadata,
    content: row.content,
  };
}
