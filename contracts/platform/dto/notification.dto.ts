/** An in-app notification in your inbox (docs/notifications.md, "HTTP API"). */
export interface NotificationResponse {
  id: string;
  /** Empty when the sender gave none. */
  title: string;
  message: string;
  /** What the sender attached: for task and goal notices `{kind, task_id | goal_id, …}`. */
  data: { [key: string]: unknown };
  read: boolean;
  /** ISO 8601 UTC. */
  created_at: string;
}

export interface NotificationPageResponse {
  items: NotificationResponse[];
  total: number;
  page: number;
  page_size: number;
}

export interface UnreadCountResponse {
  count: number;
}

export interface ReadAllResponse {
  /** How many notifications were unread and are now read. */
  updated: number;
}
