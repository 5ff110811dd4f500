import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { TOOL_CATEGORIES, ToolCategory } from '../../domain/tool/tool-category';
import { ToolDescriptor } from '../../domain/tool/tool-descriptor';
import { TOOL_KINDS, ToolKind } from '../../domain/tool/tool-kind';
import { ToolNotFoundError } from '../../domain/tool/tool.errors';
import { CUSTOM_TOOL_REPOSITORY, CustomToolQuery, CustomToolRepository } from '../../ports/custom-tool-repository.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../ports/tool-registry.port';
import { ValidationError } from '../../shared/common.errors';
import { offsetOf, Page, PageRequest } from '../../shared/pagination';
import { CatalogTool, isCustomToolId } from './catalog-tool';
import { checkPageRequest } from './page-request';

export interface ToolListQuery {
  category?: string;
  kind?: string;
  search?: string;
  page?: number;
  pageSize?: number;
}

export interface CategoryCount {
  category: ToolCategory;
  count: number;
}

/**
 * What tools a user can see: built-in tools and enabled market plugins (sorted by id),
 * then custom tools (sorted by name): the caller's own, or everyone's for an admin.
 */
@injectable()
export class ToolCatalog {
  constructor(
    @inject(TOOL_REGISTRY) private readonly registry: ToolRegistry,
    @inject(CUSTOM_TOOL_REPOSITORY) private readonly customTools: CustomToolRepository,
  ) {}

  /** Throws `ValidationError` naming every bad filter or pagination value. */
  async list(actor: Actor, query: ToolListQuery): Promise<Page<CatalogTool>> {
    const { category, kind, search, page } = checkQuery(query);
    const kernelTools = kind === 'http' || kind === 'code' ? [] : this.kernelTools(category, kind, search);
    const offset = offsetOf(page);
    const fromKernel = kernelTools.slice(offset, offset + page.pageSize).map((d): CatalogTool => ({ source: 'registry', descriptor: d }));
    const customKind = kind === 'http' || kind === 'code' ? kind : undefined;
    const wantsCustom = kind === undefined || customKind !== undefined;
    const customQuery: CustomToolQuery = { ownerId: ownerScope(actor), kind: customKind, category, search };
    const customOffset = Math.max(0, offset - kernelTools.length);
    const customLimit = page.pageSize - fromKernel.length;
    const custom = wantsCustom ? await this.customTools.list(customQuery, customOffset, customLimit) : { items: [], total: 0 };
    const items = [...fromKernel, ...custom.items.map((tool): CatalogTool => ({ source: 'custom', tool }))];
    return { items, total: kernelTools.length + custom.total, page: page.page, pageSize: page.pageSize };
  }

  /** Every category, in the fixed order, with how many tools the caller can see in it. */
  async categories(actor: Actor): Promise<CategoryCount[]> {
    const custom = await this.customTools.countByCategory({ ownerId: ownerScope(actor) });
    const kernel = this.registry.list();
    return TOOL_CATEGORIES.map((category) => ({
      category,
      count: kernel.filter((d) => d.category === category).length + (custom[category] ?? 0),
    }));
  }

  builtin(): ToolDescriptor[] {
    return this.registry.list({ builtin: true });
  }

  /** Throws `ToolNotFoundError` for an unknown id, a disabled plugin, or another user's custom tool. */
  async get(actor: Actor, id: string): Promise<CatalogTool> {
    if (isCustomToolId(id)) {
      const tool = await this.customTools.findById(id.toLowerCase());
      if (!tool || !can(actor, 'read', { ownerId: tool.ownerId })) throw new ToolNotFoundError(id);
      return { source: 'custom', tool };
    }
    const descriptor = this.registry.get(id);
    if (!descriptor || (!descriptor.enabled && actor.role !== 'admin')) throw new ToolNotFoundError(id);
    return { source: 'registry', descriptor };
  }

  private kernelTools(category: ToolCategory | undefined, kind: ToolKind | undefined, search: string | undefined): ToolDescriptor[] {
    const builtin = kind === 'builtin' ? true : kind === 'plugin' ? false : undefined;
    const needle = search?.toLowerCase();
    return this.registry
      .list({ category, builtin })
      .filter((d) => !needle || [d.id, d.name, d.description].some((text) => text.toLowerCase().includes(needle)));
  }
}

/** Admins see every custom tool; a user sees their own (custom tools are private in v1). */
export function ownerScope(actor: Actor): string | undefined {
  return actor.role === 'admin' ? undefined : actor.userId;
}

interface CheckedQuery {
  category?: ToolCategory;
  kind?: ToolKind;
  search?: string;
  page: PageRequest;
}

function checkQuery(filter: ToolListQuery): CheckedQuery {
  const { request: page, issues } = checkPageRequest(filter.page, filter.pageSize);
  if (filter.category !== undefined && !(TOOL_CATEGORIES as ReadonlyArray<string>).includes(filter.category)) {
    issues.push({ field: 'category', message: `must be one of ${TOOL_CATEGORIES.join(', ')}` });
  }
  if (filter.kind !== undefined && !(TOOL_KINDS as ReadonlyArray<string>).includes(filter.kind)) {
    issues.push({ field: 'kind', message: `must be one of ${TOOL_KINDS.join(', ')}` });
  }
  if (filter.search !== undefined && filter.search.length > 200) issues.push({ field: 'search', message: 'must be at most 200 characters' });
  if (issues.length > 0) throw new ValidationError('Invalid tool list query', issues);
  const search = filter.search?.trim();
  return { category: filter.category as ToolCategory | undefined, kind: filter.kind as ToolKind | undefined, search: search || undefined, page };
}
