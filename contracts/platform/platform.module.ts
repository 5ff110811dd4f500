import { ContainerModule } from 'inversify';
import { AdminBootstrap } from '../../core/services/auth/admin-bootstrap.service';
import { BearerAuthenticator } from '../../core/services/auth/bearer-authenticator.service';
import { LoginAttempts } from '../../core/services/auth/login-attempts.service';
import { LoginService } from '../../core/services/auth/login.service';
import { UserRegistrar } from '../../core/services/auth/user-registrar.service';
import { BundlePluginInstaller } from '../../core/services/plugins/bundle-plugin-installer.service';
import { InstalledPluginCatalog } from '../../core/services/plugins/installed-plugin-catalog.service';
import { InstalledPluginSet } from '../../core/services/plugins/installed-plugin-set.service';
import { MarketPluginInstaller } from '../../core/services/plugins/market-plugin-installer.service';
import { PluginMarketCatalog } from '../../core/services/plugins/plugin-market-catalog.service';
import { PluginToggler } from '../../core/services/plugins/plugin-toggler.service';
import { PluginUninstaller } from '../../core/services/plugins/plugin-uninstaller.service';
import { PluginUpdater } from '../../core/services/plugins/plugin-updater.service';
import { CustomToolManager } from '../../core/services/tools/custom-tool-manager.service';
import { ToolTester } from '../../core/services/tools/tool-tester.service';
import { AuthController } from './controllers/auth.controller';
import { HealthController } from './controllers/health.controller';
import { PluginsController } from './controllers/plugins.controller';
import { ToolsController } from './controllers/tools.controller';

/** The platform's use cases (singletons) and controllers (transient, as tsoa expects). */
export const platformModule = new ContainerModule(({ bind }) => {
  // ToolCatalog and ToolRunner live in coreServicesModule: agents and the worker use them too.
  const tools = [CustomToolManager, ToolTester];
  // InstalledPluginSet must stay a singleton: it serialises plugin changes in this process.
  const plugins = [
    InstalledPluginSet,
    InstalledPluginCatalog,
    PluginMarketCatalog,
    BundlePluginInstaller,
    MarketPluginInstaller,
    PluginUpdater,
    PluginToggler,
    PluginUninstaller,
  ];
  const auth = [UserRegistrar, LoginAttempts, LoginService, BearerAuthenticator, AdminBootstrap];
  for (const service of [...auth, ...tools, ...plugins]) {
    bind(service).toSelf().inSingletonScope();
  }
  for (const controller of [HealthController, AuthController, ToolsController, PluginsController]) {
    bind(controller).toSelf();
  }
});
