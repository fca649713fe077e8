import { useState } from "react";

/**
 * "Skip to content": the first stop of the keyboard, out of sight until focused, so that keyboard
 * and screen-reader users reach the page without passing the header and the whole menu.
 */
export function SkipLink({ target }: { target: string }) {
  const [focused, setFocused] = useState(false);
  return (
    <a
      href={`#${target}`}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={
        focused
          ? { position: "fixed", top: 8, left: 8, zIndex: 1000, padding: "8px 12px", background: "white" }
          : { position: "absolute", width: 1, height: 1, overflow: "hidden", clipPath: "inset(50%)" }
      }
    >
      Skip to content
    </a>
  );
}
