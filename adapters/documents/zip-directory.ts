export interface ZipEntry {
  name: string;
  /** As the archive declares it: a zip bomb may lie, which the worker's heap cap catches. */
  uncompressedBytes: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_BYTES = 22;
const MAX_COMMENT_BYTES = 0xffff;

/**
 * The entries a ZIP's central directory lists, read without inflating anything; undefined when
 * the directory cannot be found or is inconsistent (ZIP64 archives included: no DOCX needs one).
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  if (end === undefined) return undefined;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) return undefined;
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder('utf-8');
  for (let i = 0; i < count; i += 1) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== DIRECTORY_ENTRY) return undefined;
    const nameBytes = view.getUint16(offset + 28, true);
    const extraBytes = view.getUint16(offset + 30, true);
    const commentBytes = view.getUint16(offset + 32, true);
    if (offset + 46 + nameBytes > view.byteLength) return undefined;
    entries.push({
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameBytes)),
      uncompressedBytes: view.getUint32(offset + 24, true),
    });
    offset += 46 + nameBytes + extraBytes + commentBytes;
  }
  return entries;
}

function findEndOfDirectory(view: DataView): number | undefined {
  const lowest = Math.max(0, view.byteLength - END_RECORD_BYTES - MAX_COMMENT_BYTES);
  for (let at = view.byteLength - END_RECORD_BYTES; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  return undefined;
}
