import { Column } from 'typeorm';

/** The payload columns `agents` and `agent_versions` share; both entities inherit them. */
export abstract class AgentPayloadColumns {
  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text' })
  description!: string;

  /** Empty when the agent has none. */
  @Column({ name: 'system_prompt', type: 'text' })
  systemPrompt!: string;

  /** JSON `{provider, modelName, temperature[, modelConfigId]}`. */
  @Column({ name: 'model_config', type: 'text' })
  modelConfig!: string;

  @Column({ name: 'iteration_limit', type: 'integer' })
  iterationLimit!: number;

  /** JSON array of tool ids. */
  @Column({ name: 'include_tools', type: 'text' })
  includeTools!: string;

  /** JSON object `{nodes, edges}`. */
  @Column({ name: 'workflow_config', type: 'text' })
  workflowConfig!: string;

  /** JSON `{maxLlmCalls?, maxTotalTokens?, knowledgeBaseIds?, selfReview?}`, the settings set; empty when none is. */
  @Column({ name: 'run_settings', type: 'varchar', length: 1000, default: '' })
  runSettings!: string;
}
