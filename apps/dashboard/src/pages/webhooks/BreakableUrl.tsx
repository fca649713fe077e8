import { Fragment } from "react";

/**
 * A URL that wraps after its `/`, `.`, `?`, `&` and `=` on a narrow screen rather than mid-word
 * (<wbr>: copying it gives the URL unchanged); a part still too long breaks where it must.
 */
export function BreakableUrl({ url }: { url: string }) {
  const parts = url.split(/(?<=[/.?&=])/);
  return (
    <span style={{ overflowWrap: "anywhere" }}>
      {parts.map((part, i) => (
        // the parts of one URL never reorder: the index is their identity
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
