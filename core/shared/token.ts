/** A typed dependency-injection token. Ports declare one next to their interface. */
export type Token<T> = symbol & { readonly __type?: T };

export function token<T>(name: string): Token<T> {
  return Symbol.for(`agent-platform.${name}`) as Token<T>;
}
