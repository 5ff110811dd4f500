import { JsonObject } from '../../shared/json';

/** An in-app notification in one user's inbox. */
export interface Notification {
  /** UUID. */
  id: string;
  userId: string;
  /** Empty when none was given. */
  title: string;
  message: string;
  data: JsonObject;
  read: boolean;
  createdAt: Date;
}
