import { Actor } from '../../domain/auth/actor';
import { NodeTemplate } from '../../domain/node-template/node-template.entity';
import { NodeTemplateNotFoundError } from '../../domain/node-template/node-template.errors';
import { NodeTemplateRepository } from '../../ports/node-template-repository.port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The template when the actor owns it. Templates are private tools: anyone else's, an admin's view included, is reported missing. */
export async function findOwnNodeTemplate(templates: NodeTemplateRepository, actor: Actor, id: string): Promise<NodeTemplate> {
  const template = UUID.test(id) ? await templates.findById(id.toLowerCase()) : null;
  if (!template || template.ownerId !== actor.userId) throw new NodeTemplateNotFoundError(id);
  return template;
}
