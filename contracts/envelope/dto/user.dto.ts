export interface RegisterRequest {
  /** @maxLength 254 */
  email: string;
  /** 8 to 128 characters with letters and digits (40004 otherwise). */
  password: string;
  /** Defaults to the e-mail's local part. @maxLength 100 */
  nickname?: string;
}

export interface LoginRequest {
  /** @maxLength 254 */
  email: string;
  /** @maxLength 128 */
  password: string;
}

export interface RefreshRequest {
  /** @maxLength 4096 */
  refresh_token: string;
}

export interface UserResponse {
  id: number;
  email: string;
  nickname: string;
  /** ISO 8601 UTC */
  created_at: string;
}

export interface CurrentUserResponse extends UserResponse {
  /** Image URL; '' until the user has one. */
  avatar: string;
}

export interface TokenPairResponse {
  /** Lives 30 minutes. */
  access_token: string;
  /** Lives 7 days and works once: `/users/refresh` exchanges it for a new pair. */
  refresh_token: string;
  token_type: 'bearer';
  /** Seconds the access token lives: 1800. */
  expires_in: number;
}
