import { createTheme, MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiProvider } from "../api/api-context";
import type { ApiClient } from "../api/client";

// respectReducedMotion: people who ask their system for less motion get no transitions
const theme = createTheme({ primaryColor: "indigo", defaultRadius: "sm", respectReducedMotion: true });

interface Props {
  queryClient: QueryClient;
  api: ApiClient;
  children: ReactNode;
  /** "test": no transitions and no portals (component tests) */
  env?: "default" | "test";
}

export function Providers(props: Props) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={props.env ?? "default"}>
      <QueryClientProvider client={props.queryClient}>
        <ApiProvider client={props.api}>{props.children}</ApiProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
