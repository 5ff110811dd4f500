import { Request as ExpressRequest } from 'express';
import { inject, injectable } from 'inversify';
import { Controller, Delete, Get, Path, Put, Query, Request, Response, Route, Security, SuccessResponse, Tags } from '@tsoa/runtime';
import { NotificationInbox } from '../../../core/services/notifications/notification-inbox.service';
import { actorOf } from '../auth/actor-of';
import { ErrorResponse } from '../dto/error.dto';
import { NotificationPageResponse, ReadAllResponse, UnreadCountResponse } from '../dto/notification.dto';
import { toNotificationPageResponse } from '../mappers/notification.mapper';

/** Your in-app inbox (docs/notifications.md, "HTTP API"). Nobody reads another's: another user's notification is 404. */
@injectable()
@Route('api/v1/notifications')
@Tags('Notifications')
@Security('bearer')
@Response<ErrorResponse>(401, 'Missing, invalid or expired token')
export class NotificationsController extends Controller {
  constructor(@inject(NotificationInbox) private readonly inbox: NotificationInbox) {
    super();
  }

  /**
   * Your notifications, newest first.
   * @param unread_only Only those not read yet.
   * @isInt page
   * @isInt page_size
   */
  @Get()
  @Response<ErrorResponse>(422, 'Bad pagination')
  public async list(
    @Request() request: ExpressRequest,
    @Query() page?: number,
    @Query() page_size?: number,
    @Query() unread_only?: boolean,
  ): Promise<NotificationPageResponse> {
    return toNotificationPageResponse(await this.inbox.list(actorOf(request), { page, pageSize: page_size }, { unreadOnly: unread_only === true }));
  }

  @Get('unread-count')
  public async unreadCount(@Request() request: ExpressRequest): Promise<UnreadCountResponse> {
    return { count: await this.inbox.unreadCount(actorOf(request)) };
  }

  /** Marks every notification of yours read. */
  @Put('read-all')
  public async readAll(@Request() request: ExpressRequest): Promise<ReadAllResponse> {
    return { updated: await this.inbox.markAllRead(actorOf(request)) };
  }

  /** Marks one notification read; reading it again is no change and no error. */
  @Put('{id}/read')
  @SuccessResponse(204, 'Read')
  @Response<ErrorResponse>(404, 'No such notification of yours')
  public async markRead(@Request() request: ExpressRequest, @Path() id: string): Promise<void> {
    await this.inbox.markRead(actorOf(request), id);
    this.setStatus(204);
  }

  @Delete('{id}')
  @SuccessResponse(204, 'Deleted')
  @Response<ErrorResponse>(404, 'No such notification of yours')
  public async remove(@Request() request: ExpressRequest, @Path() id: string): Promise<void> {
    await this.inbox.delete(actorOf(request), id);
    this.setStatus(204);
  }
}
