import { FieldIssue } from '../../shared/domain-error';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailIssues(email: string): FieldIssue[] {
  return email.length <= 254 && EMAIL.test(email) ? [] : [{ field: 'email', message: 'must be a valid e-mail address' }];
}

/** At least 8 characters with letters and digits (decisions.md). */
export function passwordIssues(password: string): FieldIssue[] {
  const strong = password.length >= 8 && password.length <= 128 && /\p{L}/u.test(password) && /\d/.test(password);
  return strong ? [] : [{ field: 'password', message: 'must be 8 to 128 characters with letters and digits' }];
}
