import { NodeTemplate } from '../domain/node-template/node-template.entity';
import { token } from '../shared/token';

export interface NodeTemplateQuery {
  ownerId: string;
  /** Only templates of this node type. */
  nodeType?: string;
}

export interface NodeTemplateSlice {
  /** Newest change first, then by id. */
  items: NodeTemplate[];
  /** Every match, regardless of offset and limit. */
  total: number;
}

/** Users' saved node configurations (`/node-templates`). */
export interface NodeTemplateRepository {
  /**
   * Stores the template unless its owner already has `maxPerOwner`: false then. The count and
   * the insert are one transaction that holds the owner's other creates back, so concurrent
   * creates cannot all pass on the last free place.
   */
  create(template: NodeTemplate, maxPerOwner: number): Promise<boolean>;
  /** Replaces the stored template of that id, keeping its owner and creation time; false when it is gone. */
  update(template: NodeTemplate): Promise<boolean>;
  findById(id: string): Promise<NodeTemplate | null>;
  /** False when there was none. */
  delete(id: string): Promise<boolean>;
  list(query: NodeTemplateQuery, offset: number, limit: number): Promise<NodeTemplateSlice>;
}

export const NODE_TEMPLATE_REPOSITORY = token<NodeTemplateRepository>('NodeTemplateRepository');
