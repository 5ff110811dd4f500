/** Query parameters whose values are credentials when a client misplaces them (`?token=`, `?api_key=`…). */
const CREDENTIAL_PARAMETER = /token|key|secret|passw|signature|auth|code|session/i;

/**
 * A request URL as the access log keeps it: the values of credential-like query parameters are
 * replaced, so a secret sent in the query string (which the API refuses) does not end up in logs.
 */
export function loggedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  const names = [...new Set(query.keys())].filter((name) => CREDENTIAL_PARAMETER.test(name));
  if (names.length === 0) return url;
  for (const name of names) query.set(name, '[redacted]');
  return `${url.slice(0, queryStart)}?${query.toString()}`;
}
