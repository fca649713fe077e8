import {
  Badge,
  type CSSVariablesResolver,
  createTheme,
  darken,
  MantineProvider,
  Modal,
  Table,
} from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiProvider } from "../api/api-context";
import type { ApiClient } from "../api/client";

// respectReducedMotion: people who ask their system for less motion get no transitions.
// primaryShade 8: white text on Mantine's default filled shade (6) is below WCAG AA's 4.5:1 (indigo
// 4.3, red 3.3); shade 8 passes (indigo 5.7, red 4.5), as axe-core checks in the browser tests.
const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: "sm",
  respectReducedMotion: true,
  components: {
    // Mantine's dialog close button (an icon) has no name of its own (axe: button-name)
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close" } } }),
    // Mantine draws a dialog's title bar as a <header>, which axe reads as a second banner inside
    // the dialog (landmark-banner-is-top-level, moderate): the dialog's title needs no landmark
    ModalHeader: { defaultProps: { component: "div" } },
    // a table wider than the screen scrolls in its box: keyboard users must reach it to scroll it (axe:
    // scrollable-region-focusable), so its viewport is a tab stop
    // a badge is never cut to "ACT…": it keeps its text's width (a narrow table scrolls instead)
    Badge: Badge.extend({
      styles: { root: { minWidth: "max-content", flexShrink: 0 }, label: { overflow: "visible" } },
    }),
    TableScrollContainer: Table.ScrollContainer.extend({
      defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
    }),
  },
});

// Contrast (WCAG AA, 4.5:1), as axe-core checks it in the browser tests: "dimmed" text is gray 6 by
// default (3.3:1 on white), gray 7 is 8.2:1; the text of light badges and buttons is shade 9 on
// shade 1 (green 3.8:1, orange 3.6:1, yellow 2.7:1), 30 % darker it is 5.0–8.3:1 for every color.
// A field's error (its message, and the text in the field) is red 6 by default, 3.3:1; red 9 is 5.4:1.
const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    ...Object.fromEntries(
      Object.entries(resolved.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.3),
      ]),
    ),
  },
  dark: {},
});

interface Props {
  queryClient: QueryClient;
  api: ApiClient;
  children: ReactNode;
  /** "test": no transitions and no portals (component tests) */
  env?: "default" | "test";
}

export function Providers(props: Props) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={props.env ?? "default"}
    >
      <QueryClientProvider client={props.queryClient}>
        <ApiProvider client={props.api}>{props.children}</ApiProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
