import { CHAT_SESSION_REPOSITORY, ChatSessionRepository } from '../../../core/ports/chat-session-repository.port';
import { request } from '../../support/http-client';
import { randomUUID } from 'node:crypto';
import { LLM_CALL_LOG, LlmCallLog } from '../../../core/ports/llm-call-log.port';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { GOAL_REPOSITORY, GoalRepository } from '../../../core/ports/goal-repository.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { TASK_REPOSITORY, TaskRepository } from '../../../core/ports/task-repository.port';
import { aSchedule } from '../../fixtures/schedules/schedule.mother';
import { aTask } from '../../fixtures/tasks/task.mother';
import { anExecution } from '../../fixtures/workflows/workflow.mother';
import { aGoal } from '../../fixtures/goals/goal.mother';
import { AgentBody, agentsApi } from '../../support/agents-api';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

/** DELETE /agents/{id}: who may, and behaviour rule 1 (dependants first, one transaction, never a 500). */
describe('Platform Agents API: delete', () => {
  let app: StartedApp;
  let api: ReturnType<typeof agentsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let admin: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD });
    api = agentsApi(app.platformUrl);
    [ada, bob, admin] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl), logIn(app.platformUrl, 'root@example.com')]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = <T>(token: symbol) => app.services.app.container.get<T>(token);

  /** A schedule, an execution, a goal and a task pointing at the agent, stored as their own modules would. */
  const dependantsOf = async (agent: AgentBody) => {
    const owner = { ownerId: agent.owner_id };
    const records = {
      // Not due before 2030, so the server's scheduler leaves it alone.
      schedule: aSchedule({ ...owner, targetType: 'agent', targetId: agent.id }),
      execution: anExecution({ ...owner, targetType: 'agent', targetId: agent.id, mode: 'agent', status: 'completed', success: true }),
      goal: aGoal({ ...owner, agentId: agent.id }),
      task: aTask({ ...owner, assigneeAgentId: agent.id }),
    };
    await get<ScheduleRepository>(SCHEDULE_REPOSITORY).create(records.schedule);
    await get<ExecutionRepository>(EXECUTION_REPOSITORY).create(records.execution);
    await get<GoalRepository>(GOAL_REPOSITORY).create(records.goal);
    await get<TaskRepository>(TASK_REPOSITORY).create(records.task);
    await get<LlmCallLog>(LLM_CALL_LOG).record({
      id: randomUUID(),
      agentId: agent.id,
      ownerId: agent.owner_id,
      provider: 'offline',
      model: 'offline-1',
      promptTokens: 3,
      completionTokens: 2,
      latencyMs: 1,
      outcome: 'success',
      attempt: 1,
      createdAt: new Date(),
    });
    return records;
  };

  it('When Ada deletes an agent with a schedule, an execution, a goal, a task and two versions, Then it is 204 and every dependant, its LLM call log and chat sessions included, is cleaned up', async () => {
    const agent = await api.create(ada, { name: 'Doomed' });
    await api.call('PUT', `/${agent.id}`, ada, { name: 'Doomed v2' });
    await api.deploy(ada, agent.id);
    const records = await dependantsOf(agent);
    const bystander = await api.create(ada, { name: 'Bystander' });
    const kept = await dependantsOf(bystander);
    const chat = await request<{ session_id: string }>('POST', `${app.platformUrl}/api/v1/agent-chat/${agent.id}`, {
      token: ada.token,
      body: { message: 'hello' },
    });
    expect(chat.status).toBe(200);

    const res = await api.call('DELETE', `/${agent.id}`, ada);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');

    expect((await api.call('GET', `/${agent.id}`, ada)).status).toBe(404);
    expect((await api.call('GET', `/${agent.id}?version=1`, ada)).status).toBe(404);
    expect((await api.list(ada, 'search=Doomed')).body.total).toBe(0);
    expect(await get<AgentRepository>(AGENT_REPOSITORY).findVersion(agent.id, 1)).toBeUndefined();
    expect(await get<ScheduleRepository>(SCHEDULE_REPOSITORY).findById(records.schedule.id)).toBeUndefined();
    expect(await get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(records.execution.id)).toBeUndefined();
    expect(await get<GoalRepository>(GOAL_REPOSITORY).findById(records.goal.id)).toEqual({ ...records.goal, agentId: null });
    expect(await get<TaskRepository>(TASK_REPOSITORY).findById(records.task.id)).toEqual({ ...records.task, assigneeAgentId: null });
    expect((await get<LlmCallLog>(LLM_CALL_LOG).list({ agentId: agent.id }, 0, 10)).items).toEqual([]);
    expect(await get<ChatSessionRepository>(CHAT_SESSION_REPOSITORY).findSession(chat.body.session_id)).toBeUndefined();
    expect((await get<ChatSessionRepository>(CHAT_SESSION_REPOSITORY).listMessages(chat.body.session_id, 0, 10)).total).toBe(0);
    expect((await get<LlmCallLog>(LLM_CALL_LOG).list({ agentId: bystander.id }, 0, 10)).items).toHaveLength(1);

    expect((await api.call('GET', `/${bystander.id}`, ada)).body).toEqual(bystander);
    expect(await get<ScheduleRepository>(SCHEDULE_REPOSITORY).findById(kept.schedule.id)).toEqual(kept.schedule);
    expect(await get<GoalRepository>(GOAL_REPOSITORY).findById(kept.goal.id)).toEqual(kept.goal);

    expect((await api.call('DELETE', `/${agent.id}`, ada)).status).toBe(404);
  });

  it("When Bob deletes Ada's agent, Then it is 404 while it is a draft and 403 once deployed, and it stays", async () => {
    const agent = await api.create(ada);
    expect(await api.call('DELETE', `/${agent.id}`, bob)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const deployed = await api.deploy(ada, agent.id);
    expect(await api.call('DELETE', `/${agent.id}`, bob)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    expect((await api.call('GET', `/${agent.id}`, ada)).body).toEqual(deployed);
  });

  it("When the admin deletes Bob's agent with dependants, Then it is 204 and they are cleaned up too", async () => {
    const agent = await api.create(bob);
    const records = await dependantsOf(agent);
    expect((await api.call('DELETE', `/${agent.id}`, admin)).status).toBe(204);
    expect((await api.call('GET', `/${agent.id}`, bob)).status).toBe(404);
    expect(await get<ScheduleRepository>(SCHEDULE_REPOSITORY).findById(records.schedule.id)).toBeUndefined();
    expect(await get<TaskRepository>(TASK_REPOSITORY).findById(records.task.id)).toMatchObject({ assigneeAgentId: null });
  });
});
