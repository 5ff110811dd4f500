import { token } from '../../shared/token';

/** The administrators the operator configured, created by `AdminBootstrap` at start. */
export interface AdminAccounts {
  /** Lower-cased e-mails. */
  emails: ReadonlyArray<string>;
  /** The password each new administrator account gets; without it, a random one per account. */
  initialPassword?: string;
}

export const ADMIN_ACCOUNTS = token<AdminAccounts>('AdminAccounts');
