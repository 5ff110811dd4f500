import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { CustomTool, secretContextOf } from '../../domain/tool/custom-tool.entity';
import { ToolNameTakenError, ToolReadOnlyError } from '../../domain/tool/custom-tool.errors';
import { storedSecretMustBeResent } from '../../domain/tool/stored-secret.rules';
import { CheckedCustomTool, checkCustomToolSpec, CustomToolConfigSpec, CustomToolSpec } from '../../domain/tool/custom-tool-spec';
import { ToolNotFoundError } from '../../domain/tool/tool.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { CUSTOM_TOOL_REPOSITORY, CustomToolRepository } from '../../ports/custom-tool-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { JSON_SCHEMA_VALIDATOR, JsonSchemaValidator } from '../../ports/json-schema-validator.port';
import { SECRET_CIPHER, SecretCipher } from '../../ports/secret-cipher.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../ports/tool-registry.port';
import { ForbiddenError, ValidationError } from '../../shared/common.errors';
import { FieldIssue } from '../../shared/domain-error';
import { JsonSchema } from '../../shared/json';
import { AuditTrail } from '../audit/audit-trail.service';
import { isCustomToolId } from './catalog-tool';

/** PUT body: any subset of the create fields. A given `config` replaces the stored one (see docs/tools-api.md). */
export type CustomToolPatch = Partial<CustomToolSpec>;

/** Creates, updates and deletes users' custom tools; secrets are sealed before they are stored. */
@injectable()
export class CustomToolManager {
  constructor(
    @inject(CUSTOM_TOOL_REPOSITORY) private readonly tools: CustomToolRepository,
    @inject(TOOL_REGISTRY) private readonly registry: ToolRegistry,
    @inject(JSON_SCHEMA_VALIDATOR) private readonly schemas: JsonSchemaValidator,
    @inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async create(actor: Actor, spec: CustomToolSpec): Promise<CustomTool> {
    const checked = this.check(spec, false);
    const id = this.ids.uuid();
    const now = this.clock.now();
    const tool = this.assemble(checked, { id, ownerId: actor.userId, createdAt: now, updatedAt: now }, null);
    await this.tools.create(tool);
    await this.record(actor, 'tool.create', tool);
    return tool;
  }

  async update(actor: Actor, id: string, patch: CustomToolPatch): Promise<CustomTool> {
    const current = await this.findWritable(actor, id, 'update');
    const checked = this.check(mergedSpec(current, patch), current.sealedSecret !== null, current.name);
    if (checked.keepsSecret && current.kind === 'http' && checked.fields.kind === 'http' && storedSecretMustBeResent(current.config, checked.fields.config)) {
      throw new ValidationError('Invalid custom tool', [{ field: 'config.auth.secret', message: 'is required again when the URL moves to another origin' }]);
    }
    const tool = this.assemble(
      checked,
      { id: current.id, ownerId: current.ownerId, createdAt: current.createdAt, updatedAt: this.clock.now() },
      current.sealedSecret,
    );
    if (!(await this.tools.update(tool))) throw new ToolNotFoundError(id);
    await this.record(actor, 'tool.update', tool);
    return tool;
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const current = await this.findWritable(actor, id, 'delete');
    if (!(await this.tools.delete(current.id))) throw new ToolNotFoundError(id);
    await this.record(actor, 'tool.delete', current);
  }

  private check(spec: CustomToolSpec, hasStoredSecret: boolean, previousName?: string): CheckedCustomTool {
    const result = checkCustomToolSpec(spec);
    const issues = result.ok ? [] : [...result.issues];
    if (!issues.some((i) => i.field.startsWith('input_schema'))) issues.push(...this.schemaIssues(spec.inputSchema, 'input_schema'));
    if (!issues.some((i) => i.field.startsWith('output_schema'))) issues.push(...this.schemaIssues(spec.outputSchema ?? {}, 'output_schema'));
    if (result.ok && result.value.keepsSecret && !hasStoredSecret) issues.push({ field: 'config.auth.secret', message: 'is required' });
    if (!result.ok || issues.length > 0) throw new ValidationError('Invalid custom tool', issues);
    // A kernel tool's id would make the name ambiguous for agents; a plugin installed later does not break old tools.
    if (spec.name !== previousName && this.registry.get(spec.name.toLowerCase())) throw new ToolNameTakenError(spec.name);
    return result.value;
  }

  private schemaIssues(schema: JsonSchema, field: string): FieldIssue[] {
    const compiled = this.schemas.compile(schema, field);
    return compiled.ok ? [] : compiled.error;
  }

  private assemble(
    checked: CheckedCustomTool,
    identity: Pick<CustomTool, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>,
    storedSecret: string | null,
  ): CustomTool {
    const { fields } = checked;
    if (fields.kind === 'code') return { ...fields, ...identity, sealedSecret: null };
    let sealedSecret: string | null = null;
    if (fields.config.auth) {
      sealedSecret = checked.secret !== undefined ? this.cipher.seal(checked.secret, secretContextOf(identity.id)) : storedSecret;
    }
    return { ...fields, ...identity, sealedSecret };
  }

  /** Another user's tool is reported as missing (no enumeration); kernel tools are read-only. */
  private async findWritable(actor: Actor, id: string, action: 'update' | 'delete'): Promise<CustomTool> {
    if (!isCustomToolId(id)) {
      if (this.registry.get(id)) throw new ToolReadOnlyError(id);
      throw new ToolNotFoundError(id);
    }
    const tool = await this.tools.findById(id.toLowerCase());
    if (!tool || !can(actor, 'read', { ownerId: tool.ownerId })) throw new ToolNotFoundError(id);
    if (!can(actor, action, { ownerId: tool.ownerId })) throw new ForbiddenError(`You may not ${action} this tool`);
    return tool;
  }

  private record(actor: Actor, action: string, tool: CustomTool): Promise<void> {
    return this.audit.record({
      actorId: actor.userId,
      action,
      resourceType: 'tool',
      resourceId: tool.id,
      outcome: 'success',
      detail: { name: tool.name, kind: tool.kind, owner_id: tool.ownerId },
    });
  }
}

function mergedSpec(current: CustomTool, patch: CustomToolPatch): CustomToolSpec {
  return {
    name: patch.name ?? current.name,
    description: patch.description ?? current.description,
    kind: patch.kind ?? current.kind,
    category: patch.category ?? current.category,
    config: patch.config ? withKeptAuth(patch.config, current) : configSpecOf(current),
    inputSchema: patch.inputSchema ?? current.inputSchema,
    outputSchema: patch.outputSchema ?? current.outputSchema,
  };
}

/** A new config without an `auth` key keeps the stored auth (and secret); `auth: null` removes it. */
function withKeptAuth(config: CustomToolConfigSpec, current: CustomTool): CustomToolConfigSpec {
  if (config.auth !== undefined || current.kind !== 'http') return config;
  return { ...config, auth: configSpecOf(current).auth };
}

function configSpecOf(tool: CustomTool): CustomToolConfigSpec {
  if (tool.kind === 'code') return { code: tool.config.code };
  const { auth, ...rest } = tool.config;
  return { ...rest, auth: auth ? { ...auth } : null };
}
