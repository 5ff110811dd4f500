import { token } from '../../shared/token';

export interface ChatSettings {
  /** Chat turns each user may start per minute (every chat endpoint together). */
  ratePerMinute: number;
  /** At most this many earlier messages of the session go to the model… */
  historyMessages: number;
  /** …and at most this many characters of them, the newest kept. */
  historyChars: number;
}

export const CHAT_SETTINGS = token<ChatSettings>('ChatSettings');
