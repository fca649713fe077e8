import { TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";

/** One box for ids, hashes and agent names: Enter opens /search?q=…, which opens a single match. */
export function SearchBox() {
  const [q, setQ] = useState("");
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = q.trim();
    if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers (and jsdom); the role says the same
    <form role="search" onSubmit={submit} style={{ flex: 1, maxWidth: 420, minWidth: 0 }}>
      <TextInput
        aria-label="Search"
        placeholder="Search an id, a hash, a trace or an agent"
        size="xs"
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
      />
    </form>
  );
}
