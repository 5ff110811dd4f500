import { createContainer } from '../../adapters/composition/create-container';
import { createSecretKey, randomBytes } from 'node:crypto';
import { Container } from 'inversify';
import { AesGcmSecretCipher } from '../../adapters/auth/aes-gcm-secret-cipher';
import { dataSourceServicesModule } from '../../adapters/data-source-services.module';
import { dataSourcesModule, sqliteDataSourceRoot } from '../../adapters/datasources/datasources.module';
import { GuardedHttpEgress } from '../../adapters/http/guarded-http-egress';
import { GuardedTcpEgress } from '../../adapters/http/guarded-tcp-egress';
import { notificationServicesModule } from '../../adapters/notification-services.module';
import { CryptoIdGenerator } from '../../adapters/system/crypto-id-generator';
import { SystemClock } from '../../adapters/system/system-clock';
import { CLOCK } from '../../core/ports/clock.port';
import { HTTP_EGRESS } from '../../core/ports/http-egress.port';
import { ID_GENERATOR } from '../../core/ports/id-generator.port';
import { JOB_QUEUE } from '../../core/ports/job-queue.port';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { MAILER, Mailer } from '../../core/ports/mailer.port';
import { SECRET_CIPHER } from '../../core/ports/secret-cipher.port';
import { TCP_EGRESS_GUARD } from '../../core/ports/tcp-egress-guard.port';
import { AuditTrail } from '../../core/services/audit/audit-trail.service';
import { RecordingJobQueue } from '../fixtures/queue/recording-job-queue';
import { TestStorage } from './test-database';
import { bindUsageLimits, UsageLimits } from './usage-limits';

/** One key per test process, so services rebuilt over the same storage still open what earlier ones sealed. */
const CIPHER = AesGcmSecretCipher.derivedFrom(createSecretKey(randomBytes(32)));
const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

export interface DataServices {
  container: Container;
  /** Where SQLite data-source files go: `<root>/<ownerId>/<file>`. */
  sqliteRoot: string;
  /** Audit events published by the services. */
  queue: RecordingJobQueue;
}

/**
 * The data-source and notification use cases wired as the composition root wires them
 * (their modules, the SQL executors, the egress guards), over a test storage. Egress is
 * allowed to `allowHosts` only (e.g. `['127.0.0.1']` for loopback fakes and MariaDB).
 */
export function createDataServices(storage: TestStorage, options: { allowHosts?: string[]; mailer: Mailer; limits?: UsageLimits }): DataServices {
  const container = createContainer();
  const queue = new RecordingJobQueue();
  container.bind(CLOCK).toConstantValue(new SystemClock());
  container.bind(ID_GENERATOR).toConstantValue(new CryptoIdGenerator());
  container.bind(LOGGER).toConstantValue(silent);
  container.bind(JOB_QUEUE).toConstantValue(queue);
  container.bind(AuditTrail).toSelf().inSingletonScope();
  container.bind(SECRET_CIPHER).toConstantValue(CIPHER);
  container.bind(HTTP_EGRESS).toConstantValue(new GuardedHttpEgress({ allowHosts: options.allowHosts ?? [] }));
  container.bind(TCP_EGRESS_GUARD).toConstantValue(new GuardedTcpEgress({ allowHosts: options.allowHosts ?? [] }));
  container.bind(MAILER).toConstantValue(options.mailer);
  bindUsageLimits(container, options.limits);
  container.loadSync(storage.module, dataSourcesModule(storage.config), dataSourceServicesModule(), notificationServicesModule());
  return { container, sqliteRoot: sqliteDataSourceRoot(storage.config), queue };
}
