import { FieldIssue } from '../../shared/domain-error';

/** RFC 5321's limit on a forward path, and the width of `users.email`. */
export const MAX_EMAIL_LENGTH = 254;
/** Long enough for any passphrase; a longer one only buys the caller more hashing time. */
export const MAX_PASSWORD_LENGTH = 128;
/** The width of `users.nickname`, in characters (MySQL counts utf8mb4 characters, not bytes). */
export const MAX_NICKNAME_LENGTH = 100;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The length is checked before the pattern, so the pattern only ever sees a short string. */
export function emailIssues(email: string): FieldIssue[] {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email)
    ? []
    : [{ field: 'email', message: `must be a valid e-mail address of at most ${MAX_EMAIL_LENGTH} characters` }];
}

/** At least 8 characters with letters and digits (decisions.md). */
export function passwordIssues(password: string): FieldIssue[] {
  const strong = password.length >= 8 && password.length <= MAX_PASSWORD_LENGTH && /\p{L}/u.test(password) && /\d/.test(password);
  return strong ? [] : [{ field: 'password', message: `must be 8 to ${MAX_PASSWORD_LENGTH} characters with letters and digits` }];
}

/** A password offered at login: only bounded, since the strength rule may change after it was set. */
export function offeredPasswordIssues(password: string): FieldIssue[] {
  return password.length <= MAX_PASSWORD_LENGTH ? [] : [{ field: 'password', message: `must be at most ${MAX_PASSWORD_LENGTH} characters` }];
}

export function nicknameIssues(nickname: string): FieldIssue[] {
  return characterCountAtMost(nickname, MAX_NICKNAME_LENGTH) ? [] : [{ field: 'nickname', message: `must be at most ${MAX_NICKNAME_LENGTH} characters` }];
}

/** The nickname of a user who gave none: the e-mail's local part, cut to fit. */
export function defaultNickname(email: string): string {
  return [...email.split('@')[0].slice(0, 2 * MAX_NICKNAME_LENGTH)].slice(0, MAX_NICKNAME_LENGTH).join('');
}

/** Counts code points only when it matters: a character takes one or two UTF-16 units. */
function characterCountAtMost(text: string, max: number): boolean {
  if (text.length <= max) return true;
  return text.length <= 2 * max && [...text].length <= max;
}
