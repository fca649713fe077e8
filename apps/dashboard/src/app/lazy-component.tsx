import { type ComponentType, type LazyExoticComponent, lazy, useState } from "react";
import type { Preloadable } from "./preloadable";

// biome-ignore lint/suspicious/noExplicitAny: a chunk's component, whatever its props
type ComponentChunk = Preloadable<{ default: ComponentType<any> }>;

const lazies = new WeakMap<ComponentChunk, LazyExoticComponent<ComponentType<object>>>();

function lazyOf(chunk: ComponentChunk) {
  let component = lazies.get(chunk);
  if (!component) {
    component = lazy(() => chunk.load());
    lazies.set(chunk, component);
  }
  return component;
}

/**
 * The component of a chunk loaded on demand: rendered directly when the chunk is already here (the
 * boot script preloaded it, or an earlier page loaded it), through React.lazy (suspending to the
 * nearest fallback) otherwise. The choice is made once per mount: switching from the lazy wrapper
 * to the component itself on a later render would remount it and lose its state.
 */
export function LazyChunk<P extends object>({
  chunk,
  props,
}: {
  chunk: Preloadable<{ default: ComponentType<P> }>;
  props?: P;
}) {
  const [Loaded] = useState(() => chunk.loaded?.default);
  const Lazy = lazyOf(chunk as ComponentChunk);
  return Loaded ? <Loaded {...(props as P)} /> : <Lazy {...(props ?? {})} />;
}
