import { ActionIcon, Box, Button, Group, Switch, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { CopyButton } from "./CopyButton";
import "./JsonViewer.css";
import { JsonNode, TreeContext, type TreeState } from "./JsonTree";
import {
  byteLength,
  CHILDREN_PAGE,
  findMatches,
  formatBytes,
  initiallyOpen,
  MAX_MATCHES,
  type NodePath,
  openToLevel,
} from "./json-view";

interface Props {
  value: unknown;
  /** the viewer's name: its tree's, and in its controls' names */
  label: string;
  /** the exact text the value was parsed from (a payload as signed): copied and measured as it is */
  text?: string;
  /** the tree's height before it scrolls, in px */
  maxHeight?: number;
}

const LEVELS = [1, 2, 3] as const;

/**
 * A JSON value as a tree: each object and array collapses, a whole level opens or closes at once,
 * a search highlights its matches and opens the way to them, lines wrap or scroll sideways, the
 * whole JSON copies, and its size is shown. A big value (a 64 KiB context) opens its first levels
 * only and draws 100 children of a container at a time, so it renders at once.
 */
export function JsonViewer({ value, label, text, maxHeight = 480 }: Props) {
  const pretty = useMemo(() => text ?? JSON.stringify(value, null, 2) ?? "null", [value, text]);
  // the size as stored and sent: the exact text, else compact JSON
  const bytes = useMemo(() => byteLength(text ?? JSON.stringify(value) ?? "null"), [value, text]);
  const [open, setOpen] = useState(() => initiallyOpen(value));
  const [pages, setPages] = useState<Map<NodePath, number>>(() => new Map());
  const [wrap, setWrap] = useState(true);
  const [query, setQuery] = useState("");
  const [searched] = useDebouncedValue(query.trim(), 200);
  const matches = useMemo(() => (searched ? findMatches(value, searched) : null), [value, searched]);
  const [current, setCurrent] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const scrollPending = useRef(false);
  const statusId = useId();

  // a new search opens the containers on the way to its matches and goes to the first one: set
  // while rendering (React's way to follow a change), so no frame shows a match still closed
  const [followed, setFollowed] = useState(matches);
  if (followed !== matches) {
    setFollowed(matches);
    setCurrent(0);
    if (matches) setOpen((before) => new Set([...before, ...matches.containers]));
  }
  useEffect(() => {
    if (matches) scrollPending.current = true;
  }, [matches]);
  const currentPath = matches?.paths[current] ?? null;
  // once the current match is drawn (its containers opened), it is scrolled into the box's view
  useEffect(() => {
    if (!scrollPending.current || !currentPath) return;
    const row = box.current?.querySelector("[data-current-match]");
    if (!row) return;
    scrollPending.current = false;
    row.scrollIntoView?.({ block: "nearest" });
  });

  const matched = useMemo(() => new Set(matches?.paths), [matches]);
  const tree: TreeState = {
    open,
    toggle: (path) =>
      setOpen((before) => {
        const after = new Set(before);
        if (!after.delete(path)) after.add(path);
        return after;
      }),
    shown: (path) => Math.max(pages.get(path) ?? CHILDREN_PAGE, matches?.reach.get(path) ?? 0),
    showMore: (path) =>
      setPages((before) => new Map(before).set(path, (before.get(path) ?? CHILDREN_PAGE) + CHILDREN_PAGE)),
    query: searched,
    matches: matched,
    current: currentPath,
    rootName: label,
  };

  const step = (by: number) => {
    if (!matches || matches.paths.length === 0) return;
    setCurrent((at) => (at + by + matches.paths.length) % matches.paths.length);
    scrollPending.current = true;
  };
  const status = !matches
    ? ""
    : matches.total === 0
      ? "No match"
      : `${current + 1} of ${matches.total}${matches.total > MAX_MATCHES ? ` (the first ${MAX_MATCHES} are shown)` : ""}`;

  return (
    <div>
      <Group gap="xs" mb={6} wrap="wrap" align="center">
        <TextInput
          size="xs"
          w={220}
          type="search"
          aria-label={`Search ${label}`}
          placeholder="Search keys and values"
          value={query}
          aria-describedby={statusId}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            step(e.shiftKey ? -1 : 1);
          }}
        />
        <ActionIcon.Group aria-label={`Matches in ${label}`}>
          <ActionIcon
            variant="default"
            size="md"
            aria-label="Previous match"
            onClick={() => step(-1)}
            disabled={!matches?.total}
          >
            ↑
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="md"
            aria-label="Next match"
            onClick={() => step(1)}
            disabled={!matches?.total}
          >
            ↓
          </ActionIcon>
        </ActionIcon.Group>
        <Text id={statusId} size="xs" c="dimmed" aria-live="polite">
          {status}
        </Text>
      </Group>
      <Group gap={6} mb={6} wrap="wrap" align="center">
        <Text size="xs" c="dimmed" component="span">
          Open:
        </Text>
        {LEVELS.map((level) => (
          <Button
            key={level}
            size="compact-xs"
            variant="default"
            aria-label={`Open ${level} ${level === 1 ? "level" : "levels"} of ${label}`}
            onClick={() => setOpen(openToLevel(value, level))}
          >
            {level === 1 ? "1 level" : `${level} levels`}
          </Button>
        ))}
        <Button
          size="compact-xs"
          variant="default"
          aria-label={`Open all of ${label}`}
          onClick={() => setOpen(openToLevel(value, Number.POSITIVE_INFINITY))}
        >
          all
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          aria-label={`Close all of ${label}`}
          onClick={() => setOpen(new Set())}
        >
          Close all
        </Button>
        <Switch
          size="xs"
          label="Wrap lines"
          checked={wrap}
          onChange={(e) => setWrap(e.currentTarget.checked)}
        />
        <CopyButton value={pretty} label={`Copy JSON of ${label}`}>
          Copy JSON
        </CopyButton>
        <Text size="xs" c="dimmed" component="span">
          {formatBytes(bytes)}
        </Text>
      </Group>
      <TreeContext.Provider value={tree}>
        {/* a tab stop: a box that scrolls must be reachable by keyboard to be scrolled */}
        <Box
          ref={box}
          role="group"
          aria-label={label}
          tabIndex={0}
          className="json-tree"
          data-wrap={wrap}
          style={{ maxHeight }}
        >
          <JsonNode value={value} path="" keyName={null} parentName={null} last />
        </Box>
      </TreeContext.Provider>
    </div>
  );
}
