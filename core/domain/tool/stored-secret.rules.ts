import { HttpToolConfig } from './custom-tool.entity';
import { templateOrigin } from './http-tool-origin';

/**
 * A stored credential was given for one origin: an update that points the tool at another
 * origin must send the secret again, or whoever may edit the tool could have it delivered to a
 * server of their choosing.
 */
export function storedSecretMustBeResent(previous: HttpToolConfig, next: HttpToolConfig): boolean {
  return previous.auth !== null && next.auth !== null && templateOrigin(previous.url) !== templateOrigin(next.url);
}
