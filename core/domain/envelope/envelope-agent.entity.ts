/** The providers an envelope agent may name (envelope-api.md, decisions.md). */
export const ENVELOPE_PROVIDERS = ['openai', 'anthropic', 'local'] as const;

export type EnvelopeProvider = (typeof ENVELOPE_PROVIDERS)[number];

export interface EnvelopeModelConfig {
  provider: EnvelopeProvider;
  modelName: string;
  temperature: number;
  maxTokens: number;
}

/** The fields a client writes; on update any of them may be left out. */
export interface EnvelopeAgentPayload {
  name: string;
  description: string;
  /** The agent's system prompt. */
  promptTemplate: string;
  modelConfig: EnvelopeModelConfig;
}

export interface EnvelopeAgent extends EnvelopeAgentPayload {
  id: number;
  ownerId: number;
  createdAt: Date;
  updatedAt: Date;
}

export type NewEnvelopeAgent = Omit<EnvelopeAgent, 'id'>;
