/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { knowledge } from 'kernel:api';

interface Base {
  id: string;
  name: string;
  description: string;
  documents: number;
  is_public: boolean;
  writable: boolean;
}

export default async function kbList(): Promise<{ knowledge_bases: Base[]; count: number }> {
  const { items } = await knowledge.listBases();
  const bases = items.map((base) => ({
    id: base.id,
    name: base.name,
    description: base.description,
    documents: base.documents,
    is_public: base.isPublic,
    writable: base.writable,
  }));
  return { knowledge_bases: bases, count: bases.length };
}
