/**
 * Reads a Server-Sent Events response (the auction's live stream, issue #4 §3 / #10 §2) in tests.
 */

/**
 * Reads the stream until `count` messages (blocks ending with a blank line) have arrived, or it ends.
 *
 * @param reader - the reader of the response body.
 * @param count - how many messages to wait for.
 * @returns the messages read, each without its closing blank line (possibly more than `count` when
 *   they came in one chunk).
 */
export async function readMessages(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  count: number,
): Promise<string[]> {
  const decoder = new TextDecoder()
  let buffer = ''
  while (buffer.split('\n\n').length - 1 < count) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value, { stream: true })
  }
  return buffer.split('\n\n').filter(Boolean)
}
