import { Anchor, type AnchorProps } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A link to another page of the dashboard: navigates in the page (no reload), looks like a link. */
export function AppLink({ to, children, ...anchor }: AnchorProps & { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} {...anchor}>
      {children}
    </Anchor>
  );
}
