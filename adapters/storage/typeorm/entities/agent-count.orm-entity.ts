import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Row of `agent_counts`: how many agents an owner has in a status (`owner_id` `*`: all owners),
 * kept in the same transaction as every write of `agents`, so a list's `total` is read, not counted.
 */
@Entity({ name: 'agent_counts' })
export class AgentCountOrmEntity {
  @PrimaryColumn({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'integer' })
  agents!: number;
}
