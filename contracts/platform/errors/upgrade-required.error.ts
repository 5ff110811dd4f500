import { DomainError } from '../../../core/shared/domain-error';

/** A WebSocket endpoint asked for without the upgrade (`Upgrade: websocket`). */
export class UpgradeRequiredError extends DomainError {
  readonly code = 'websocket.upgrade_required';
  constructor() {
    super('This endpoint speaks WebSocket: send the request with `Upgrade: websocket`');
  }
}
