/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { knowledge } from 'kernel:api';

interface Input {
  knowledge_base_id: string;
  title: string;
  content: string;
  content_type?: 'text/plain' | 'text/markdown';
  metadata?: { [key: string]: string | number | boolean };
}

interface Output {
  document_id: string;
  knowledge_base_id: string;
  title: string;
  chunks: number;
}

export default async function kbAddDocument(input: Input): Promise<Output> {
  const added = await knowledge.addDocument({
    knowledgeBaseId: input.knowledge_base_id,
    title: input.title,
    content: input.content,
    contentType: input.content_type,
    metadata: input.metadata,
  });
  return { document_id: added.documentId, knowledge_base_id: input.knowledge_base_id, title: input.title.trim(), chunks: added.chunks };
}
