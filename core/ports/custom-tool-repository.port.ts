import { CustomTool } from '../domain/tool/custom-tool.entity';
import { ToolCategory } from '../domain/tool/tool-category';
import { CustomToolKind } from '../domain/tool/tool-kind';
import { token } from '../shared/token';

export interface CustomToolQuery {
  /** Only this owner's tools; undefined = every owner's (admins). */
  ownerId?: string;
  kind?: CustomToolKind;
  category?: ToolCategory;
  /** Case-insensitive substring of the name or the description. */
  search?: string;
}

export interface CustomToolSlice {
  /** Sorted by name, then id. */
  items: CustomTool[];
  /** Every match, regardless of offset and limit. */
  total: number;
}

/** Users' custom tools. Names are unique per owner (the unique index decides, not a pre-check). */
export interface CustomToolRepository {
  /** Throws `ToolNameTakenError` when the owner already has a tool of that name. */
  create(tool: CustomTool): Promise<void>;
  /** Replaces the stored tool of that id; `ToolNameTakenError` on a name clash; false when it is gone. */
  update(tool: CustomTool): Promise<boolean>;
  findById(id: string): Promise<CustomTool | null>;
  /** False when there was none. */
  delete(id: string): Promise<boolean>;
  /** Filtering and counting happen in the database. */
  list(query: CustomToolQuery, offset: number, limit: number): Promise<CustomToolSlice>;
  /** Matching tools per category (categories without any are left out). */
  countByCategory(query: Pick<CustomToolQuery, 'ownerId'>): Promise<Partial<Record<ToolCategory, number>>>;
}

export const CUSTOM_TOOL_REPOSITORY = token<CustomToolRepository>('CustomToolRepository');
