import { HttpResult, request } from './http-client';
import { PlatformUser } from './platform-user';

type Json = Record<string, unknown>;

/** The platform's knowledge endpoints as one user calls them, for e2e tests. */
export class KnowledgeClient {
  constructor(
    private readonly platformUrl: string,
    readonly user: PlatformUser,
  ) {}

  private url(path: string): string {
    return `${this.platformUrl}/api/v1/knowledge-bases${path}`;
  }

  createBase(body: Json = { name: 'Handbook' }): Promise<HttpResult<Json>> {
    return request<Json>('POST', this.url(''), { token: this.user.token, body });
  }

  async baseId(body: Json = { name: 'Handbook' }): Promise<string> {
    const created = await this.createBase(body);
    if (created.status !== 201) throw new Error(`base not created: ${created.status} ${created.text}`);
    return created.body.id as string;
  }

  addText(baseId: string, body: Json): Promise<HttpResult<Json>> {
    return request<Json>('POST', this.url(`/${baseId}/documents`), { token: this.user.token, body });
  }

  async upload(baseId: string, name: string, content: Uint8Array | string, fields: Record<string, string> = {}): Promise<HttpResult<Json>> {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', new Blob([content]), name);
    const response = await fetch(this.url(`/${baseId}/documents`), { method: 'POST', body: form, headers: { authorization: `Bearer ${this.user.token}` } });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Json) : {}, text };
  }

  documents(baseId: string, query = ''): Promise<HttpResult<Json>> {
    return request<Json>('GET', this.url(`/${baseId}/documents${query}`), { token: this.user.token });
  }

  /** Polls the list until the document has left `pending` and `processing`; its final record. */
  async settled(baseId: string, documentId: string, timeoutMs = 30_000): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = await this.documents(baseId, '?page_size=100');
      const found = (list.body.items as Json[] | undefined)?.find((doc) => doc.id === documentId);
      if (found && (found.status === 'ready' || found.status === 'failed')) return found;
      if (Date.now() > deadline) throw new Error(`document ${documentId} still ${String(found?.status)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Adds and waits: the document as it ended. */
  async ingested(baseId: string, submit: Promise<HttpResult<Json>>): Promise<Json> {
    const accepted = await submit;
    if (accepted.status !== 202) throw new Error(`document not accepted: ${accepted.status} ${accepted.text}`);
    return this.settled(baseId, accepted.body.id as string);
  }

  search(baseId: string, body: Json): Promise<HttpResult<Json>> {
    return request<Json>('POST', this.url(`/${baseId}/search`), { token: this.user.token, body });
  }

  rag(baseId: string, body: Json): Promise<HttpResult<Json>> {
    return request<Json>('POST', this.url(`/${baseId}/rag`), { token: this.user.token, body });
  }

  get(baseId: string): Promise<HttpResult<Json>> {
    return request<Json>('GET', this.url(`/${baseId}`), { token: this.user.token });
  }

  list(query = ''): Promise<HttpResult<Json>> {
    return request<Json>('GET', this.url(query), { token: this.user.token });
  }

  deleteBase(baseId: string): Promise<HttpResult<Json>> {
    return request<Json>('DELETE', this.url(`/${baseId}`), { token: this.user.token });
  }

  deleteDocument(baseId: string, documentId: string): Promise<HttpResult<Json>> {
    return request<Json>('DELETE', this.url(`/${baseId}/documents/${documentId}`), { token: this.user.token });
  }
}
