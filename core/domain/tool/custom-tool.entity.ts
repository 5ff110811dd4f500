import { JsonSchema, JsonValue } from '../../shared/json';
import { ToolCategory } from './tool-category';
import { CustomToolKind } from './tool-kind';

export const HTTP_TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type HttpToolMethod = (typeof HTTP_TOOL_METHODS)[number];

/** How the stored secret is sent: `Authorization: Bearer <secret>`, or `<headerName>: <secret>`. */
export type HttpToolAuth = { type: 'bearer' } | { type: 'header'; headerName: string };

export interface HttpToolConfig {
  /** Absolute http(s) URL; `{{name}}` placeholders are filled from the arguments, URL-encoded. */
  url: string;
  method: HttpToolMethod;
  /** Static headers; values may hold `{{name}}` placeholders. Credentials go in `auth`. */
  headers: Record<string, string>;
  /** A text template, or a JSON template whose `"{{name}}"` strings take the argument's JSON value. */
  bodyTemplate: string | JsonValue | null;
  /** Dotted path (`data.items[0].name`) picking the result out of a JSON response; null = whole body. */
  responseMapping: string | null;
  auth: HttpToolAuth | null;
}

export interface CodeToolConfig {
  /** JavaScript defining `function main(input)` (may be async); runs in the sandbox kernel. */
  code: string;
}

interface CustomToolBase {
  /** UUID. */
  id: string;
  ownerId: string;
  /** Unique per owner; usable as an LLM function name. */
  name: string;
  description: string;
  category: ToolCategory;
  inputSchema: JsonSchema;
  /** `{}` when the tool declares none (then any result is accepted). */
  outputSchema: JsonSchema;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A user-defined tool. The auth secret of an http tool is only ever held sealed
 * (`SecretCipher`): the plaintext exists just for the duration of a call.
 */
export type CustomTool =
  | (CustomToolBase & { kind: 'http'; config: HttpToolConfig; sealedSecret: string | null })
  | (CustomToolBase & { kind: 'code'; config: CodeToolConfig; sealedSecret: null });

export type CustomToolOfKind<K extends CustomToolKind> = Extract<CustomTool, { kind: K }>;

/** The additional authenticated data that binds a sealed secret to its tool. */
export function secretContextOf(toolId: string): string {
  return `custom_tool:${toolId}`;
}
