/**
 * What a tool is, as the Tools API lists it: a built-in tool, a market plugin, or a
 * user's custom tool that calls an HTTP endpoint or runs JavaScript in the sandbox.
 */
export const TOOL_KINDS = ['builtin', 'plugin', 'http', 'code'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const CUSTOM_TOOL_KINDS = ['http', 'code'] as const;
export type CustomToolKind = (typeof CUSTOM_TOOL_KINDS)[number];
