import { CreateModelConfigsAndLlmCalls1795254451100 } from '../../../adapters/storage/typeorm/migrations/1795254451100-create-model-configs-and-llm-calls.migration';
import { TypeOrmAgentRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-agent-repository';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { OpenGate } from '../../../adapters/storage/typeorm/connection-gate';
import { describeMigrationOnEachDialect, migratedAcross } from '../../support/migrations-before';

const AGENT_ID = '0a0a0a0a-0000-4000-8000-000000000001';

describeMigrationOnEachDialect('The model-configuration migration', (database) => {
  it('When agents exist before the model configurations arrive, Then they keep every field and are bound to none', async () => {
    const current = await migratedAcross(database(), CreateModelConfigsAndLlmCalls1795254451100, async (earlier) => {
      await earlier.query(
        'INSERT INTO agents (id, owner_id, name, description, system_prompt, model_config, iteration_limit, include_tools, workflow_config, status, version, is_main_agent, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          AGENT_ID,
          AGENT_ID,
          'Old agent',
          'd',
          's',
          '{"provider":"openai","modelName":"gpt-4o","temperature":0.5}',
          3,
          '[]',
          '{}',
          'draft',
          1,
          0,
          '2024-01-02 03:04:05.678',
          '2024-01-02 03:04:05.678',
        ],
      );
    });
    try {
      const agent = await new TypeOrmAgentRepository(new ManagerProvider(current, new OpenGate())).findById(AGENT_ID);
      expect(agent).toMatchObject({ name: 'Old agent', iterationLimit: 3, modelConfig: { provider: 'openai', modelName: 'gpt-4o', temperature: 0.5 } });
      expect(agent?.modelConfig.modelConfigId).toBeUndefined();
    } finally {
      await current.destroy();
    }
  });
});
