/** The lines of an NDJSON byte stream (a Node stream, a fetch body, chunks of text), one at a time. */
export async function* ndjsonLines(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of source) {
    buffered += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    // each line is cut once, and what follows the last newline is kept for the next chunk
    let start = 0;
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = buffered.slice(start, newline);
      if (line.trim() !== "") yield line;
      start = newline + 1;
      newline = buffered.indexOf("\n", start);
    }
    buffered = buffered.slice(start);
  }
  buffered += decoder.decode();
  if (buffered.trim() !== "") yield buffered;
}
