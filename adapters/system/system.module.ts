import { ContainerModule } from 'inversify';
import pino from 'pino';
import { CLOCK } from '../../core/ports/clock.port';
import { ID_GENERATOR } from '../../core/ports/id-generator.port';
import { LOGGER } from '../../core/ports/logger.port';
import { TIMERS } from '../../core/ports/timers.port';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG, PINO_ROOT } from './system.tokens';
import { CryptoIdGenerator } from './crypto-id-generator';
import { PinoLogger } from './pino-logger';
import { NodeTimers } from './node-timers';
import { SystemClock } from './system-clock';

export function systemModule(config: AppConfig, root: pino.Logger): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(APP_CONFIG).toConstantValue(config);
    bind(PINO_ROOT).toConstantValue(root);
    bind(CLOCK).toConstantValue(new SystemClock());
    bind(ID_GENERATOR).toConstantValue(new CryptoIdGenerator());
    bind(LOGGER).toConstantValue(new PinoLogger(root));
    bind(TIMERS).toConstantValue(new NodeTimers());
  });
}
