import { DomainError, FieldIssue } from '../../shared/domain-error';

export class NotificationNotFoundError extends DomainError {
  readonly code = 'notification.not_found';
  constructor(id: string) {
    super(`Notification "${id}" not found`);
  }
}

export class NotificationValidationError extends DomainError {
  readonly code = 'notification.validation';
  constructor(message: string, details?: FieldIssue[]) {
    super(message, details);
  }
}

/** The channel exists but this server is not set up for it (e.g. e-mail without `SMTP_URL`). */
export class NotificationChannelUnavailableError extends DomainError {
  readonly code = 'notification.unavailable';
}

/** The mail server refused the message or could not be reached; the message carries no server text. */
export class MailDeliveryError extends DomainError {
  readonly code = 'notification.upstream_error';
}
