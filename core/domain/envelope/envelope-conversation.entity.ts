export interface EnvelopeConversation {
  id: number;
  ownerId: number;
  agentId: number;
  /** '' when the client gave none. */
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

export type NewEnvelopeConversation = Omit<EnvelopeConversation, 'id'>;

export type EnvelopeMessageRole = 'user' | 'assistant';

/** One message of a conversation; a user message and its reply are stored together. */
export interface EnvelopeMessage {
  id: number;
  conversationId: number;
  role: EnvelopeMessageRole;
  content: string;
  createdAt: Date;
}

export type NewEnvelopeMessage = Omit<EnvelopeMessage, 'id' | 'conversationId'>;
