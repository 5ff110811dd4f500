/** One operation recorded in the audit trail. */
export interface AuditEntry {
  id: string;
  /** The user who acted, or null for anonymous attempts (e.g. a failed login). */
  actorId: string | null;
  /** `<resource>.<verb>`, e.g. `user.register`, `auth.login`. */
  action: string;
  resourceType: string;
  resourceId: string | null;
  outcome: 'success' | 'failure';
  detail: Record<string, string | number | boolean | null>;
  createdAt: Date;
}
