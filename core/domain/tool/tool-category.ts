/** The 11 tool categories; `GET /tools/categories` lists them in this order. */
export const TOOL_CATEGORIES = ['text', 'math', 'encoding', 'web', 'knowledge', 'llm', 'files', 'data', 'communication', 'platform', 'code'] as const;

export type ToolCategory = (typeof TOOL_CATEGORIES)[number];
