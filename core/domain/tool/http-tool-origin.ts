import { placeholdersOf, renderUrl } from './http-tool-template';

/**
 * Where an http tool's URL template sends its requests (and its stored credential): the origin
 * of the URL with every placeholder filled. Undefined when the template is not a valid URL.
 */
export function templateOrigin(template: string): string | undefined {
  return parsed(template, 'x')?.origin;
}

/**
 * Whether an argument can change the host or port the request goes to: the template filled two
 * different ways must keep one host. Arguments are URL-encoded, but a placeholder next to the
 * host (`https://{{sub}}.example.com`, `https://api.example.com{{suffix}}`) still moves it.
 */
export function placeholdersReachHost(template: string): boolean {
  const first = parsed(template, 'x');
  const second = parsed(template, 'y0');
  return first === undefined || second === undefined || first.host !== second.host;
}

function parsed(template: string, filler: string): URL | undefined {
  try {
    return new URL(renderUrl(template, Object.fromEntries(placeholdersOf(template).map((name) => [name, filler]))));
  } catch {
    return undefined;
  }
}
