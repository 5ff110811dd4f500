/** A passage of a document: the unit that is embedded, searched and cited. */
export interface KnowledgeChunk {
  documentId: string;
  knowledgeBaseId: string;
  /** 0-based position in the document. */
  index: number;
  content: string;
  /** Where the passage lies in the document's extracted text: `[start, end)`, in characters. */
  start: number;
  end: number;
}

/** The chunk's id in the vector store: stable, so re-indexing replaces rather than duplicates. */
export function chunkVectorId(documentId: string, index: number): string {
  return `${documentId}:${index}`;
}
