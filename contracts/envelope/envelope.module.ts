import { ContainerModule } from 'inversify';
import { EnvelopeAgentsController } from './controllers/agents.controller';
import { EnvelopeConversationsController } from './controllers/conversations.controller';
import { EnvelopeHealthController } from './controllers/health.controller';
import { EnvelopeKnowledgeController } from './controllers/knowledge.controller';
import { EnvelopeUsersController } from './controllers/users.controller';

/** The envelope contract's controllers, transient as tsoa expects. */
export const envelopeModule = new ContainerModule(({ bind }) => {
  bind(EnvelopeHealthController).toSelf().inTransientScope();
  bind(EnvelopeUsersController).toSelf().inTransientScope();
  bind(EnvelopeAgentsController).toSelf().inTransientScope();
  bind(EnvelopeConversationsController).toSelf().inTransientScope();
  bind(EnvelopeKnowledgeController).toSelf().inTransientScope();
});
