/** A frame of a streamed reply (envelope-api.md, Events). */
export type EnvelopeReplyEvent = { type: 'token'; content: string } | { type: 'done' } | { type: 'error'; content: string };
