/** Registration payload. */
export interface UserRegisterRequest {
  /** @example "ada@example.com" */
  email: string;
  /** At least 8 characters with letters and digits. */
  password: string;
  nickname?: string;
}

export interface UserResponse {
  /** UUID */
  id: string;
  email: string;
  nickname: string;
  role: 'admin' | 'user';
  /** ISO 8601 UTC */
  created_at: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  /** Seconds until the access token expires. */
  expires_in: number;
}
