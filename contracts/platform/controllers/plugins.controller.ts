import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Body, Controller, Delete, Get, Middlewares, Path, Post, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { BundlePluginInstaller } from '../../../core/services/plugins/bundle-plugin-installer.service';
import { InstalledPluginCatalog } from '../../../core/services/plugins/installed-plugin-catalog.service';
import { MarketPluginInstaller } from '../../../core/services/plugins/market-plugin-installer.service';
import { PluginMarketCatalog } from '../../../core/services/plugins/plugin-market-catalog.service';
import { PluginToggler } from '../../../core/services/plugins/plugin-toggler.service';
import { PluginUninstaller } from '../../../core/services/plugins/plugin-uninstaller.service';
import { PluginUpdater } from '../../../core/services/plugins/plugin-updater.service';
import { DEFAULT_PAGE_SIZE } from '../../../core/shared/pagination';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import {
  MarketPluginDetailResponse,
  MarketPluginListResponse,
  PluginBundleRequest,
  PluginDetailResponse,
  PluginListResponse,
  PluginReleaseListResponse,
  PluginResponse,
  PluginToggleRequest,
} from '../dto/plugin.dto';
import * as mapper from '../mappers/plugin.mapper';
import { pluginBundleUpload } from '../uploads/plugin-bundle-upload';

/**
 * Market plugins in the kernel: what the market folder offers, what is installed, and
 * installing, updating, toggling and removing them (admins). Every route needs a token.
 * Market routes come first: Express matches in order, and `market` is not a plugin id.
 */
@injectable()
@Route('api/v1/plugins')
@Tags('Plugins')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class PluginsController extends Controller {
  constructor(
    @inject(InstalledPluginCatalog) private readonly installed: InstalledPluginCatalog,
    @inject(PluginMarketCatalog) private readonly market: PluginMarketCatalog,
    @inject(BundlePluginInstaller) private readonly bundleInstaller: BundlePluginInstaller,
    @inject(MarketPluginInstaller) private readonly marketInstaller: MarketPluginInstaller,
    @inject(PluginUpdater) private readonly updater: PluginUpdater,
    @inject(PluginToggler) private readonly toggler: PluginToggler,
    @inject(PluginUninstaller) private readonly uninstaller: PluginUninstaller,
  ) {
    super();
  }

  /**
   * Installed plugins, sorted by id.
   * @param search Substring of the id, name or description (case-insensitive).
   * @isInt page
   * @minimum page 1
   * @isInt page_size
   * @minimum page_size 1
   * @maximum page_size 100
   */
  @Get()
  @Response<ErrorResponse>(422, 'Invalid filter or pagination')
  public async list(
    @Query() enabled?: boolean,
    @Query() category?: string,
    @Query() search?: string,
    @Query() page?: number,
    @Query() page_size?: number,
  ): Promise<PluginListResponse> {
    const result = await this.installed.list({ enabled, category, search }, { page: page ?? 1, pageSize: page_size ?? DEFAULT_PAGE_SIZE });
    return mapper.toPluginListResponse(result);
  }

  /** Every plugin the market folder offers, with the version installed here if any. */
  @Get('market')
  public async listMarket(): Promise<MarketPluginListResponse> {
    const offers = await this.market.list();
    return { items: offers.map(mapper.toMarketPluginResponse), total: offers.length };
  }

  /** One market plugin, with its schemas and examples. */
  @Get('market/{plugin_id}')
  @Response<ErrorResponse>(404, 'Not in the market')
  public async readMarket(@Path() plugin_id: string): Promise<MarketPluginDetailResponse> {
    return mapper.toMarketPluginDetailResponse(await this.market.read(plugin_id));
  }

  /**
   * Installs a plugin shipped in the market folder (trusted: no signature needed), or
   * upgrades an older installed version to the market's (200 then). Admins only.
   */
  @Post('market/{plugin_id}/install')
  @Security('bearer', ['admin'])
  @SuccessResponse(201, 'Installed')
  @Response<ErrorResponse>(403, 'Administrator role required')
  @Response<ErrorResponse>(404, 'Not in the market')
  @Response<ErrorResponse>(409, 'The same or a newer version is installed, or the id is a built-in tool')
  public async installFromMarket(@Request() request: ExpressRequest, @Path() plugin_id: string): Promise<PluginDetailResponse> {
    const { plugin, created } = await this.marketInstaller.install(actorOf(request), plugin_id);
    this.setStatus(created ? 201 : 200);
    return mapper.toChangedPluginResponse(plugin);
  }

  /**
   * Installs a plugin from a signed bundle: this JSON body, or a `multipart/form-data`
   * upload of a `.tgz` in the field `bundle`. Nothing is fetched. Admins only.
   */
  @Post('install')
  @Security('bearer', ['admin'])
  @Middlewares(pluginBundleUpload)
  @SuccessResponse(201, 'Installed')
  @Response<ErrorResponse>(403, 'Administrator role required, or no signing key is configured')
  @Response<ErrorResponse>(409, 'Already installed, or the id is a built-in tool')
  @Response<ErrorResponse>(413, 'The archive is too large')
  @Response<ErrorResponse>(422, 'Invalid signature (`invalid_signature`), manifest or archive (`validation_error`)')
  public async install(@Request() request: ExpressRequest, @Body() body: PluginBundleRequest): Promise<PluginDetailResponse> {
    const plugin = await this.bundleInstaller.install(actorOf(request), mapper.toSignedBundle(body));
    this.setStatus(201);
    return mapper.toChangedPluginResponse(plugin);
  }

  /** One installed plugin, with its schemas, examples and manifest. */
  @Get('{plugin_id}')
  @Response<ErrorResponse>(404, 'Not installed')
  public async read(@Path() plugin_id: string): Promise<PluginDetailResponse> {
    return mapper.toPluginDetailResponse(await this.installed.read(plugin_id));
  }

  /**
   * Updates an installed plugin from a newer signed bundle of the same publisher (JSON or
   * `.tgz` upload, as for install); the enabled state is kept. Admins only.
   */
  @Put('{plugin_id}')
  @Security('bearer', ['admin'])
  @Middlewares(pluginBundleUpload)
  @Response<ErrorResponse>(403, 'Administrator role required, or no signing key is configured')
  @Response<ErrorResponse>(404, 'Not installed')
  @Response<ErrorResponse>(409, 'The version is not newer, or the publisher differs')
  @Response<ErrorResponse>(422, 'Invalid signature, manifest or archive, or a bundle for another id')
  public async update(@Request() request: ExpressRequest, @Path() plugin_id: string, @Body() body: PluginBundleRequest): Promise<PluginDetailResponse> {
    return mapper.toChangedPluginResponse(await this.updater.update(actorOf(request), plugin_id, mapper.toSignedBundle(body)));
  }

  /** Enables or disables an installed plugin; a disabled one is no tool until enabled again. Admins only. */
  @Post('{plugin_id}/toggle')
  @Security('bearer', ['admin'])
  @Response<ErrorResponse>(403, 'Administrator role required')
  @Response<ErrorResponse>(404, 'Not installed')
  public async toggle(@Request() request: ExpressRequest, @Path() plugin_id: string, @Body() body: PluginToggleRequest): Promise<PluginResponse> {
    return mapper.toPluginResponse(await this.toggler.toggle(actorOf(request), plugin_id, body.enabled));
  }

  /** Uninstalls a plugin: it stops being a tool at once, and its release history is deleted. Admins only. */
  @Delete('{plugin_id}')
  @Security('bearer', ['admin'])
  @SuccessResponse(204, 'Uninstalled')
  @Response<ErrorResponse>(403, 'Administrator role required')
  @Response<ErrorResponse>(404, 'Not installed')
  public async uninstall(@Request() request: ExpressRequest, @Path() plugin_id: string): Promise<void> {
    await this.uninstaller.uninstall(actorOf(request), plugin_id);
    this.setStatus(204);
  }

  /**
   * The versions of an installed plugin installed here, newest first: who installed each,
   * when, from where, and with which signing key.
   * @isInt page
   * @minimum page 1
   * @isInt page_size
   * @minimum page_size 1
   * @maximum page_size 100
   */
  @Get('{plugin_id}/versions')
  @Response<ErrorResponse>(404, 'Not installed')
  public async versions(@Path() plugin_id: string, @Query() page?: number, @Query() page_size?: number): Promise<PluginReleaseListResponse> {
    const result = await this.installed.versions(plugin_id, { page: page ?? 1, pageSize: page_size ?? DEFAULT_PAGE_SIZE });
    return mapper.toPluginReleaseListResponse(result);
  }
}
