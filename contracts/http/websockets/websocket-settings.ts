export interface WebSocketSettings {
  /** A ping this often; a client that has not answered the previous one by then is dropped (idle proxies keep the socket). */
  heartbeatMs: number;
  /** Largest message accepted from a client; a bigger one closes the socket (1009). */
  maxMessageBytes: number;
  /** Bytes queued for a client that does not read, past which the socket is dropped rather than buffered. */
  maxBufferedBytes: number;
}

export const DEFAULT_WEBSOCKET_SETTINGS: WebSocketSettings = { heartbeatMs: 15_000, maxMessageBytes: 4 * 1024, maxBufferedBytes: 1024 * 1024 };
