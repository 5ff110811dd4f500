/** Self-service key application: a name, no review. */
export interface PromptKeyCreateRequest {
  /**
   * A label for the key, 1 to 64 characters.
   * @minLength 1
   * @maxLength 64
   * @example "my-writing-assistant"
   */
  name: string;
}

export interface PromptKeyData {
  name: string;
  /** The key to send as `X-API-Key`. It is stored only as a digest: this response is the only time it is shown. */
  api_key: string;
}

export interface PromptKeyResponse {
  /** 200 on success (the HTTP status is 201). */
  code: number;
  message: string;
  data: PromptKeyData;
}
