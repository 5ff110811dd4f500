import { inject, injectable } from 'inversify';
import { OwnerNotice } from '../../domain/notification/owner-notice';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { NOTIFICATION_REPOSITORY, NotificationRepository } from '../../ports/notification-repository.port';

/**
 * Puts notices in an owner's in-app inbox on events of their records (a task awaiting approval,
 * a failed task, a settled goal), whoever caused them. Callers post inside the unit of work of
 * the change, so a notice exists exactly when its change was committed.
 */
@injectable()
export class OwnerNotices {
  constructor(
    @inject(NOTIFICATION_REPOSITORY) private readonly notifications: NotificationRepository,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  async post(notice: OwnerNotice): Promise<void> {
    await this.notifications.create({ id: this.ids.uuid(), ...notice, read: false, createdAt: this.clock.now() });
  }
}
