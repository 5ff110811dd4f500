import { KnowledgeBaseRepository } from '../../../core/ports/knowledge-base-repository.port';
import { KnowledgeDocumentRepository } from '../../../core/ports/knowledge-document-repository.port';
import { UnitOfWork } from '../../../core/ports/unit-of-work.port';
import { UserRepository } from '../../../core/ports/user-repository.port';
import { aUser } from '../../fixtures/users/user.mother';

/** The knowledge repositories under test, plus what their rows hang off (owners) and join (transactions). */
export interface KnowledgeStorageHarness {
  bases: KnowledgeBaseRepository;
  documents: KnowledgeDocumentRepository;
  users: UserRepository;
  unitOfWork: UnitOfWork;
  destroy(): Promise<void>;
}

/** A stored user's id, to own bases (a foreign key requires it). */
export async function anOwner(harness: KnowledgeStorageHarness): Promise<string> {
  const user = aUser();
  await harness.users.create(user);
  return user.id;
}
