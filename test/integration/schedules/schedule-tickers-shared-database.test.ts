import { Container } from 'inversify';
import { createContainer } from '../../../adapters/composition/create-container';
import { StorageKind } from '../../../adapters/config/app-config';
import { createStorage, Storage } from '../../../adapters/storage/storage.module';
import { CronParserCalculator } from '../../../adapters/system/cron-parser-calculator';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { ScheduleTicker } from '../../../core/services/schedules/schedule-ticker.service';
import { aSchedule } from '../../fixtures/schedules/schedule.mother';
import { JobRecordingQueue, RecordingLogger } from '../../fixtures/schedules/schedule-test-bed';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

const SCHEDULES = 12;
const ROUNDS = 3;
const FIRST_SLOT = Date.parse('2030-05-06T07:00:00.000Z');
const MINUTE = 60_000;

/** One API or worker process: its own connection (pool) to the shared database, its own queue. */
interface TickingProcess {
  storage: Storage;
  schedules: ScheduleRepository;
  queue: JobRecordingQueue;
  ticker: ScheduleTicker;
}

async function aProcessOn(database: TestDatabase): Promise<TickingProcess> {
  const storage = await createStorage(database.config);
  const container: Container = createContainer();
  container.loadSync(storage.module);
  const schedules = container.get<ScheduleRepository>(SCHEDULE_REPOSITORY);
  const queue = new JobRecordingQueue();
  return { storage, schedules, queue, ticker: new ScheduleTicker(schedules, new CronParserCalculator(), queue, new RecordingLogger()) };
}

/**
 * Two tickers in two "processes", each with its own connection to the same database (a SQLite
 * file, or a MariaDB database): they tick at the same moments, and every due slot is fired once.
 */
function describeTickersSharingOneDatabase(kind: StorageKind): void {
  describe(`Two schedule tickers on one ${kind} database`, () => {
    let database: TestDatabase;
    let processes: TickingProcess[];

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      processes = [await aProcessOn(database), await aProcessOn(database)];
    });
    afterAll(async () => {
      for (const process of processes ?? []) await process.storage.close();
      await database?.destroy();
    });

    it('When both tick every minute over many due schedules, Then each slot of each schedule fires exactly once', async () => {
      const due = Array.from({ length: SCHEDULES }, () => aSchedule({ cron: '* * * * *', timezone: 'UTC', nextRunAt: new Date(FIRST_SLOT) }));
      for (const schedule of due) await processes[0].schedules.create(schedule);

      const fired: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const now = new Date(FIRST_SLOT + round * MINUTE + 5);
        fired.push(...(await Promise.all(processes.map((process) => process.ticker.tick(now)))));
      }

      const fires = processes.flatMap((process) => process.queue.fires());
      const slots = fires.map((fire) => fire.jobId);
      expect(fires).toHaveLength(SCHEDULES * ROUNDS);
      expect(new Set(slots).size).toBe(SCHEDULES * ROUNDS);
      expect(fired.reduce((sum, count) => sum + count, 0)).toBe(SCHEDULES * ROUNDS);
      for (const schedule of due) {
        for (let round = 0; round < ROUNDS; round++) {
          expect(slots).toContain(`schedule:${schedule.id}:${new Date(FIRST_SLOT + round * MINUTE).toISOString()}`);
        }
      }
      const stored = await processes[1].schedules.findById(due[0].id);
      expect(stored?.nextRunAt).toEqual(new Date(FIRST_SLOT + ROUNDS * MINUTE));
    });
  });
}

describeTickersSharingOneDatabase('sqlite');
describeWithEnv('DATABASE_URL', 'Schedule tickers on MariaDB', () => describeTickersSharingOneDatabase('mysql'));
