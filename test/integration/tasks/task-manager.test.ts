import { describeWithEnv } from '../../support/infrastructure';
import { describeTaskManager } from './task-manager.suite';

describeTaskManager('TaskManager and GoalManager on SQLite', 'sqlite');
describeWithEnv('DATABASE_URL', 'TaskManager and GoalManager on MariaDB', () => describeTaskManager('over MariaDB storage', 'mysql'));
