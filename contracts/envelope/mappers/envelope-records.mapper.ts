import { EnvelopeAgent } from '../../../core/domain/envelope/envelope-agent.entity';
import { EnvelopeAgentInput } from '../../../core/domain/envelope/envelope-agent.rules';
import { EnvelopeConversation, EnvelopeMessage } from '../../../core/domain/envelope/envelope-conversation.entity';
import { EnvelopeUser } from '../../../core/domain/envelope/envelope-user.entity';
import { EnvelopeTokenPair } from '../../../core/services/envelope/envelope-token-issuer.service';
import { Page } from '../../../core/shared/pagination';
import { AgentCreateRequest, AgentPageResponse, AgentResponse, AgentUpdateRequest } from '../dto/agent.dto';
import { ConversationResponse, MessagePageResponse, MessageResponse } from '../dto/conversation.dto';
import { CurrentUserResponse, TokenPairResponse, UserResponse } from '../dto/user.dto';

export function toUserResponse(user: EnvelopeUser): UserResponse {
  return { id: user.id, email: user.email, nickname: user.nickname, created_at: user.createdAt.toISOString() };
}

export function toCurrentUserResponse(user: EnvelopeUser): CurrentUserResponse {
  return { ...toUserResponse(user), avatar: user.avatar };
}

export function toTokenPairResponse(pair: EnvelopeTokenPair): TokenPairResponse {
  return { access_token: pair.accessToken, refresh_token: pair.refreshToken, token_type: 'bearer', expires_in: pair.expiresInSeconds };
}

/** Only the fields the contract names are read: whatever else a body carried changes nothing. */
export function toAgentInput(body: AgentCreateRequest | AgentUpdateRequest): EnvelopeAgentInput {
  const config = body.model_config;
  return {
    name: body.name,
    description: body.description,
    promptTemplate: body.prompt_template,
    modelConfig:
      config === undefined
        ? undefined
        : { provider: config.provider, modelName: config.model_name, temperature: config.temperature, maxTokens: config.max_tokens },
  };
}

export function toAgentResponse(agent: EnvelopeAgent): AgentResponse {
  const { provider, modelName, temperature, maxTokens } = agent.modelConfig;
  return {
    id: agent.id,
    owner_id: agent.ownerId,
    name: agent.name,
    description: agent.description,
    prompt_template: agent.promptTemplate,
    model_config: { provider, model_name: modelName, temperature, max_tokens: maxTokens },
    created_at: agent.createdAt.toISOString(),
    updated_at: agent.updatedAt.toISOString(),
  };
}

export function toAgentPageResponse(page: Page<EnvelopeAgent>): AgentPageResponse {
  return { items: page.items.map(toAgentResponse), total: page.total, page: page.page, page_size: page.pageSize };
}

export function toConversationResponse(conversation: EnvelopeConversation): ConversationResponse {
  return {
    id: conversation.id,
    agent_id: conversation.agentId,
    title: conversation.title,
    created_at: conversation.createdAt.toISOString(),
    updated_at: conversation.updatedAt.toISOString(),
  };
}

export function toMessageResponse(message: EnvelopeMessage): MessageResponse {
  return { id: message.id, conversation_id: message.conversationId, role: message.role, content: message.content, created_at: message.createdAt.toISOString() };
}

export function toMessagePageResponse(page: Page<EnvelopeMessage>): MessagePageResponse {
  return { items: page.items.map(toMessageResponse), total: page.total, page: page.page, page_size: page.pageSize };
}
