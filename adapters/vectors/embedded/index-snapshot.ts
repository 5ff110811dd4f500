import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HnswGraph } from './hnsw-graph';
import { IndexTuning } from './index-tuning';
import { CollectionImage, SlotRecord } from './vector-collection';

const FORMAT = 1;
const CURRENT = 'current';
/** Slot records per line of a records file, so no single JSON string nears V8's length limit. */
const RECORDS_PER_LINE = 10_000;

interface CollectionEntry {
  name: string;
  /** Its files' names without extension. */
  stem: string;
  dimensions: number;
  slots: number;
  /** File name → SHA-256, checked before anything is parsed (a torn graph file could crash hnswlib). */
  files: Record<string, string>;
  graph: boolean;
}

interface Manifest {
  format: number;
  sequence: number;
  collections: CollectionEntry[];
}

export interface IndexImage {
  /** Every change up to this sequence is in the image. */
  sequence: number;
  collections: Map<string, CollectionImage>;
}

/**
 * A snapshot taken but not yet current: its graphs and vectors are in its folder, its records are
 * held as the slots stood (a shallow copy: a slot's record is replaced, never changed in place).
 */
export interface CapturedSnapshot {
  name: string;
  folder: string;
  sequence: number;
  collections: Array<Omit<CollectionEntry, 'files'> & { records: Array<SlotRecord | undefined> }>;
}

/**
 * The embedded index on disk: one directory per snapshot (vectors, records, HNSW graph per
 * collection, and a manifest with checksums), and a `current` file naming the live one.
 * A snapshot is written in full under a fresh name and only then named in `current`
 * (temp file + rename), so a crash mid-write leaves the previous snapshot in force.
 *
 * Writing is split in two so the index holds still only while it must: `capture` writes what
 * changes in place (the graphs, the vectors) while no write may touch the index; `complete`
 * writes the records, checksums the files and makes the snapshot current while searches and
 * writes go on.
 */
export class IndexSnapshots {
  constructor(
    private readonly directory: string,
    private readonly tuning: IndexTuning,
  ) {}

  async write(image: IndexImage): Promise<void> {
    await this.complete(await this.capture(image));
  }

  /** Writes the image's graphs and vectors, and keeps its records: the index must not change until it resolves. */
  async capture(image: IndexImage): Promise<CapturedSnapshot> {
    await mkdir(this.directory, { recursive: true });
    const name = `snapshot-${image.sequence}-${process.pid}-${randomBytes(4).toString('hex')}`;
    const folder = join(this.directory, name);
    await mkdir(folder);
    const collections: CapturedSnapshot['collections'] = [];
    let n = 0;
    for (const [collection, state] of image.collections) {
      const stem = `c${n++}`;
      const vectors = Buffer.from(state.arena.buffer, state.arena.byteOffset, state.arena.byteLength);
      await writeFile(join(folder, `${stem}.vectors`), vectors);
      if (state.graph) await state.graph.write(join(folder, `${stem}.hnsw`));
      const records = state.slots.slice();
      collections.push({ name: collection, stem, dimensions: state.dimensions, slots: records.length, graph: state.graph !== undefined, records });
    }
    return { name, folder, sequence: image.sequence, collections };
  }

  /** Writes the records and the manifest of a captured snapshot and makes it the current one. */
  async complete(captured: CapturedSnapshot): Promise<void> {
    const { name, folder } = captured;
    const collections: CollectionEntry[] = [];
    for (const { records, ...entry } of captured.collections) {
      const { stem } = entry;
      const files: Record<string, string> = {};
      files[`${stem}.vectors`] = await sha256OfFile(join(folder, `${stem}.vectors`));
      files[`${stem}.records`] = await writeRecords(join(folder, `${stem}.records`), records);
      if (entry.graph) files[`${stem}.hnsw`] = await sha256OfFile(join(folder, `${stem}.hnsw`));
      collections.push({ ...entry, files });
    }
    const manifest: Manifest = { format: FORMAT, sequence: captured.sequence, collections };
    await writeFile(join(folder, 'manifest.json'), JSON.stringify(manifest));
    const pointer = join(this.directory, `${CURRENT}.${name}.tmp`);
    await writeFile(pointer, name);
    await rename(pointer, join(this.directory, CURRENT));
    await this.removeAllBut(name);
  }

  /** The current snapshot, or undefined when there is none; throws when it is unreadable or corrupt. */
  async read(): Promise<IndexImage | undefined> {
    let name: string;
    try {
      name = (await readFile(join(this.directory, CURRENT), 'utf8')).trim();
    } catch {
      return undefined;
    }
    const folder = join(this.directory, name);
    const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT) throw new Error(`snapshot format ${manifest.format} is not ${FORMAT}`);
    const collections = new Map<string, CollectionImage>();
    for (const entry of manifest.collections) {
      const { stem, files } = entry;
      const arena = new Float32Array(entry.slots * entry.dimensions);
      // Read straight into the arena: no second copy of the vectors, even for a moment.
      await readExactly(join(folder, `${stem}.vectors`), new Uint8Array(arena.buffer), files[`${stem}.vectors`]);
      const records = await readFile(join(folder, `${stem}.records`));
      if (sha256(records) !== files[`${stem}.records`]) throw new Error(`snapshot file ${stem}.records fails its checksum`);
      const slots = parseRecordLines(records.toString('utf8'));
      if (slots.length !== entry.slots) throw new Error(`snapshot of ${entry.name} holds ${slots.length} records, not ${entry.slots}`);
      let graph: HnswGraph | undefined;
      if (entry.graph) {
        const graphFile = join(folder, `${stem}.hnsw`);
        if ((await sha256OfFile(graphFile)) !== files[`${stem}.hnsw`]) throw new Error(`snapshot file ${stem}.hnsw fails its checksum`);
        graph = HnswGraph.read(graphFile, entry.dimensions, this.tuning);
      }
      collections.set(entry.name, { dimensions: entry.dimensions, arena, slots, graph });
    }
    return { sequence: manifest.sequence, collections };
  }

  private async removeAllBut(keep: string): Promise<void> {
    for (const entry of await readdir(this.directory)) {
      if (entry === keep || entry === CURRENT || !entry.startsWith('snapshot-')) continue;
      const path = join(this.directory, entry);
      // Another process may be writing a newer one: leave folders younger than a minute.
      const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Date.now() }));
      if (Date.now() - mtimeMs > 60_000) await rm(path, { recursive: true, force: true });
    }
  }
}

type SlotLine = Array<[string, SlotRecord['metadata'], string] | null>;

/**
 * Writes the records a line at a time (a line's JSON is a few tens of ms at most), so searches go on
 * between lines; answers the file's SHA-256.
 */
async function writeRecords(file: string, slots: Array<SlotRecord | undefined>): Promise<string> {
  const hash = createHash('sha256');
  const handle = await open(file, 'w');
  try {
    for (let start = 0; start < slots.length; start += RECORDS_PER_LINE) {
      const line: SlotLine = slots.slice(start, start + RECORDS_PER_LINE).map((r) => (r ? [r.id, r.metadata, r.content] : null));
      const bytes = Buffer.from(`${start > 0 ? '\n' : ''}${JSON.stringify(line)}`);
      hash.update(bytes);
      for (let written = 0; written < bytes.length;) written += (await handle.write(bytes, written)).bytesWritten;
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

function parseRecordLines(text: string): Array<SlotRecord | undefined> {
  const slots: Array<SlotRecord | undefined> = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    for (const entry of JSON.parse(line) as SlotLine) slots.push(entry ? { id: entry[0], metadata: entry[1], content: entry[2] } : undefined);
  }
  return slots;
}

/** Fills `target` from `file`, which must be exactly as long and match `hash`. */
async function readExactly(file: string, target: Uint8Array, hash: string | undefined): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size !== target.byteLength) throw new Error(`snapshot file ${file} holds ${size} bytes, not ${target.byteLength}`);
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(target, offset, size - offset, offset);
      if (bytesRead === 0) throw new Error(`snapshot file ${file} ended early`);
      offset += bytesRead;
    }
  } finally {
    await handle.close();
  }
  if (createHash('sha256').update(target).digest('hex') !== hash) throw new Error(`snapshot file ${file} fails its checksum`);
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(piece as Buffer);
  return hash.digest('hex');
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
