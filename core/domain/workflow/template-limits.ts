/** Longest template a graph may hold, checked when the graph is validated. */
export const MAX_TEMPLATE_CHARS = 20_000;

/** Longest text one rendering may produce: `{{input}}` repeated could otherwise multiply a large input. */
export const MAX_RENDERED_CHARS = 1_000_000;
