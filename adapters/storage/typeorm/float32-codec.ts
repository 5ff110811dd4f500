const BYTES = 4;

/** Packs a vector as Float32 little-endian, whatever the host's byte order. */
export function encodeFloat32(vector: readonly number[]): Buffer {
  const bytes = Buffer.alloc(vector.length * BYTES);
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * BYTES));
  return bytes;
}

export function decodeFloat32(bytes: Uint8Array): number[] {
  if (bytes.byteLength % BYTES !== 0) throw new Error('A stored vector is not a whole number of Float32 values');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Array<number>(buffer.length / BYTES);
  for (let index = 0; index < vector.length; index += 1) vector[index] = buffer.readFloatLE(index * BYTES);
  return vector;
}
