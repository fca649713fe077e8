import { createContext, type ReactNode, useContext } from "react";
import {
  childPath,
  describePath,
  display,
  entriesOf,
  isContainer,
  type NodePath,
  splitOnMatches,
} from "./json-view";

/** What every node of one viewer reads: which containers are open, how many children drawn, the search. */
export interface TreeState {
  open: Set<NodePath>;
  toggle(path: NodePath): void;
  /** how many children of a container are drawn */
  shown(path: NodePath): number;
  showMore(path: NodePath): void;
  query: string;
  matches: Set<NodePath>;
  current: NodePath | null;
  /** the viewer's name, the root's in the buttons' names */
  rootName: string;
}

export const TreeContext = createContext<TreeState | null>(null);

function useTree(): TreeState {
  const tree = useContext(TreeContext);
  if (!tree) throw new Error("a JSON node outside its viewer");
  return tree;
}

const colorOf = (value: unknown): string =>
  typeof value === "string" ? "json-string" : typeof value === "number" ? "json-number" : "json-literal";

/** A key or value, its matches of the search marked (the current match's line marks them brighter). */
function Highlighted({ text }: { text: string }) {
  const { query } = useTree();
  return splitOnMatches(text, query).map((part) =>
    part.match ? <mark key={part.at}>{part.text}</mark> : part.text,
  );
}

/**
 * One line: the gutter (a container's toggle, else blank), then the text. The text is the JSON
 * itself, so a fully open value reads (and copies from the page) as JSON.
 */
function Row({ gutter, children, path }: { gutter?: ReactNode; children: ReactNode; path?: NodePath }) {
  const { matches, current } = useTree();
  return (
    <div
      className="json-line"
      data-match={path !== undefined && matches.has(path) ? "" : undefined}
      data-current-match={path !== undefined && path === current ? "" : undefined}
    >
      <span className="json-gutter">{gutter}</span>
      <span className="json-text">{children}</span>
    </div>
  );
}

function Toggle({ path, name, opened }: { path: NodePath; name: string; opened: boolean }) {
  const { toggle } = useTree();
  return (
    <button
      type="button"
      className="json-toggle"
      aria-expanded={opened}
      aria-label={`${opened ? "Collapse" : "Expand"} ${name}`}
      onClick={() => toggle(path)}
    >
      <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
        <path d="M3 1.5 L7 5 L3 8.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    </button>
  );
}

const countOf = (value: unknown[] | Record<string, unknown>, n: number) =>
  Array.isArray(value) ? `${n} ${n === 1 ? "item" : "items"}` : `${n} ${n === 1 ? "key" : "keys"}`;

interface NodeProps {
  value: unknown;
  path: NodePath;
  /** the object key or array index it is under; null for the root */
  keyName: string | number | null;
  parentName: string | null;
  last: boolean;
}

/** A node and, when it is an open container, its children (the first pages of them). */
export function JsonNode({ value, path, keyName, parentName, last }: NodeProps) {
  const tree = useTree();
  const name = describePath(parentName, keyName, tree.rootName);
  const key =
    typeof keyName === "string" ? (
      <>
        <span className="json-key">
          <Highlighted text={display(keyName)} />
        </span>
        {": "}
      </>
    ) : null;
  const comma = last ? "" : ",";
  if (!isContainer(value)) {
    return (
      <Row path={path}>
        {key}
        <span className={colorOf(value)}>
          <Highlighted text={display(value)} />
        </span>
        {comma}
      </Row>
    );
  }
  const entries = entriesOf(value);
  const [opening, closing] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  if (entries.length === 0) {
    return (
      <Row path={path}>
        {key}
        {opening}
        {closing}
        {comma}
      </Row>
    );
  }
  const opened = tree.open.has(path);
  const gutter = <Toggle path={path} name={name} opened={opened} />;
  if (!opened) {
    return (
      <Row path={path} gutter={gutter}>
        {key}
        {opening}…{closing}
        <span className="json-dim"> {countOf(value, entries.length)}</span>
        {comma}
      </Row>
    );
  }
  const shown = Math.min(entries.length, tree.shown(path));
  return (
    <>
      <Row path={path} gutter={gutter}>
        {key}
        {opening}
      </Row>
      <div className="json-children">
        {entries.slice(0, shown).map(([k, v], i) => (
          <JsonNode
            key={String(k)}
            value={v}
            path={childPath(path, k)}
            keyName={k}
            parentName={name}
            last={i === entries.length - 1}
          />
        ))}
        {shown < entries.length ? (
          <Row>
            <button type="button" className="json-more" onClick={() => tree.showMore(path)}>
              Show more of {name} ({shown} of {entries.length} shown)
            </button>
          </Row>
        ) : null}
      </div>
      <Row>
        {closing}
        {comma}
      </Row>
    </>
  );
}
