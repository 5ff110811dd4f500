export type AttendeeRole = 'required' | 'optional' | 'chair' | 'non_participant';
export type Weekday = 'MO' | 'TU' | 'WE' | 'TH' | 'FR' | 'SA' | 'SU';

/** The tool's input (see manifest.json for the rules the host has already checked). */
export interface EventInput {
  title: string;
  start: string;
  end?: string;
  duration_minutes?: number;
  all_day?: boolean;
  timezone?: string;
  description?: string;
  location?: string;
  url?: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  organizer?: { email: string; name?: string };
  attendees?: Array<{ email: string; name?: string; role?: AttendeeRole; rsvp?: boolean }>;
  alarms?: Array<{ minutes_before: number; description?: string }>;
  recurrence?: { frequency: 'daily' | 'weekly' | 'monthly' | 'yearly'; interval?: number; count?: number; until?: string; by_weekday?: Weekday[] };
  uid?: string;
}
