import OpenAI from 'openai';
import { LlmUpstreamError } from '../../../core/domain/llm/llm.errors';
import { EmbeddingProvider } from '../../../core/ports/embedding-provider.port';
import { mapEmbeddingError } from './openai-embedding-error-mapper';

export interface OpenAiEmbeddingSettings {
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  model: string;
  dimensions: number;
  /** Texts per request (OpenAI takes up to 2048). */
  batchSize?: number;
  /** Ask the server for `dimensions` (text-embedding-3 models shorten their vectors); otherwise only checked. */
  requestDimensions?: boolean;
}

export const OPENAI_EMBEDDINGS_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_BATCH_SIZE = 256;

/** Embeddings over the OpenAI embeddings endpoint, or any server that speaks it; the SDK never retries. */
export class OpenAiEmbeddingProvider implements EmbeddingProvider {
  readonly dimensions: number;
  private readonly client: OpenAI;

  constructor(
    private readonly settings: OpenAiEmbeddingSettings,
    readonly name: string = 'openai',
  ) {
    this.dimensions = settings.dimensions;
    this.client = new OpenAI({
      apiKey: settings.apiKey,
      baseURL: settings.baseUrl,
      timeout: settings.timeoutMs,
      maxRetries: 0,
      organization: null,
      project: null,
    });
  }

  async embed(texts: string[]): Promise<number[][]> {
    const batchSize = this.settings.batchSize ?? DEFAULT_BATCH_SIZE;
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      vectors.push(...(await this.embedBatch(texts.slice(start, start + batchSize))));
    }
    return vectors;
  }

  private async embedBatch(batch: string[]): Promise<number[][]> {
    let response: OpenAI.CreateEmbeddingResponse;
    const started = Date.now();
    try {
      response = await this.client.embeddings.create({
        model: this.settings.model,
        // The endpoint refuses empty strings.
        input: batch.map((text) => text || ' '),
        encoding_format: 'float',
        ...(this.settings.requestDimensions ? { dimensions: this.dimensions } : {}),
      });
    } catch (error) {
      throw mapEmbeddingError(this.name, error, Date.now() - started >= this.settings.timeoutMs);
    }
    const vectors = [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
    this.check(vectors, batch.length);
    return vectors;
  }

  private check(vectors: number[][], expected: number): void {
    if (vectors.length !== expected) {
      throw new LlmUpstreamError(`${this.name}: got ${vectors.length} embeddings for ${expected} texts`, false);
    }
    const wrong = vectors.find((vector) => vector.length !== this.dimensions);
    if (wrong) {
      throw new LlmUpstreamError(`${this.name}: the model returns ${wrong.length}-dimensional vectors but EMBEDDING_DIMENSIONS is ${this.dimensions}`, false);
    }
  }
}
