/** The lines of an NDJSON byte stream (a Node stream, a fetch body, chunks of text), one at a time. */
export async function* ndjsonLines(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of source) {
    buffered += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== "") yield line;
      newline = buffered.indexOf("\n");
    }
  }
  buffered += decoder.decode();
  if (buffered.trim() !== "") yield buffered;
}
