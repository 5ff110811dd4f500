import { Container } from 'inversify';
import { LOGGER, Logger } from '../../../core/ports/logger.port';
import { UpgradeHandler, webSocketUpgrades } from '../../http/websockets/websocket-upgrades';
import { WebSocketSettings } from '../../http/websockets/websocket-settings';
import { renderPlatformError } from '../errors/platform-error-handler';
import { executionEventsSocket } from './execution-events.socket';

/** The platform's WebSocket endpoints, served on its HTTP server's `upgrade` event; refusals in the platform's error shape. */
export function platformWebSockets(container: Container, settings: WebSocketSettings): UpgradeHandler {
  const logger = container.get<Logger>(LOGGER);
  return webSocketUpgrades({
    routes: [executionEventsSocket(container, logger)],
    refusal: (error) => renderPlatformError(error),
    notFound: { status: 404, body: { error: 'not_found', message: 'No WebSocket endpoint at this path' } },
    settings,
    onError: (error) => logger.error({ err: error }, 'WebSocket upgrade failed'),
  });
}
