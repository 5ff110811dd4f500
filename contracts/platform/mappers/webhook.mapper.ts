import { AcceptedDelivery } from '../../../core/services/webhooks/webhook-trigger.service';
import { WebhookAcceptedResponse } from '../dto/webhook.dto';

export function toWebhookAcceptedResponse({ execution, replayed }: AcceptedDelivery): WebhookAcceptedResponse {
  return {
    execution_id: execution.id,
    workflow_id: execution.targetId,
    status: execution.status,
    trigger: 'webhook',
    replayed,
    created_at: execution.createdAt.toISOString(),
  };
}
