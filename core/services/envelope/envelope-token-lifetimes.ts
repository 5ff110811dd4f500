/** decisions.md: access tokens live 30 minutes (`expires_in` 1800), refresh tokens 7 days. */
export const ENVELOPE_ACCESS_TOKEN_TTL_SECONDS = 30 * 60;
export const ENVELOPE_REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
