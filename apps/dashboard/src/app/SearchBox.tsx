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
    <search style={{ flex: 1, maxWidth: 420, minWidth: 0 }}>
      <form onSubmit={submit}>
        <TextInput
          aria-label="Search"
          placeholder="Search an id, a hash or an agent"
          size="xs"
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
        />
      </form>
    </search>
  );
}
