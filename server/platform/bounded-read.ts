// Reading a body someone else sends (a request to us, an answer to our request) without trusting its
// size: the bytes are counted as they stream and reading stops the moment they pass the limit, so a
// declared length that lies or an endless body never fills memory. Used by the HTTP faces for request
// bodies and by the payment facilitator's client for its answers.

/** Every byte of `stream`, or null as soon as there are more than `maxBytes` (the rest is not read). */
export async function readAtMost(stream: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | null> {
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}
