/** The platform promises 56 built-in tools (platform-api.md); health is ready only when all load. */
export const EXPECTED_BUILTIN_TOOLS = 56;
