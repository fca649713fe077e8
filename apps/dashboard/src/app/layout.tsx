import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Suspense } from "react";
import { Link, Outlet, useLocation, useNavigate } from "react-router";
import { TableSkeleton } from "../components/TableSkeleton";
import { AnchoringIndicator } from "./AnchoringIndicator";
import { ErrorBoundary } from "./error-boundary";
import { CHUNKS } from "./page-chunks";
import { chunksOf, matchPage } from "./pages";
import { SearchBox } from "./SearchBox";
import { SkipLink } from "./SkipLink";
import { useSession, useSignOut } from "./session";
import { TimeZoneToggle } from "./TimeZoneToggle";

const NAV = [
  { to: "/", label: "Overview" },
  { to: "/keys", label: "API keys" },
  { to: "/contexts", label: "Contexts" },
  { to: "/agents", label: "Agents" },
  { to: "/events", label: "Events" },
  { to: "/webhooks", label: "Webhooks" },
  { to: "/verifications", label: "Verifications" },
  { to: "/signers", label: "Signers" },
  { to: "/account", label: "Account" },
];

/**
 * A menu entry pointed at (or focused) starts loading its page's code: by the click it is often
 * here, and the page then renders at once instead of after a fallback.
 */
function preloadPage(to: string) {
  for (const module of chunksOf(matchPage(to).route)) CHUNKS[module].load().catch(() => {});
}

function isActive(pathname: string, to: string) {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}

/** The shell: a header, the navigation (a burger menu on small screens) and the page. */
export function Layout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 220, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink target="main" />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? "Close navigation" : "Open navigation"}
            />
            <Text fw={700} size="lg" component={Link} to="/">
              ctxlog
            </Text>
          </Group>
          <SearchBox />
          <Group gap="sm" wrap="nowrap">
            <AnchoringIndicator />
            <Text size="sm" c="dimmed" visibleFrom="md" truncate maw={260}>
              {session.data?.account.email}
            </Text>
            <Button
              variant="default"
              size="xs"
              loading={signOut.isPending}
              onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/sign-in") })}
            >
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main">
        <ScrollArea>
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={isActive(pathname, item.to)}
              aria-current={isActive(pathname, item.to) ? "page" : undefined}
              onClick={close}
              onMouseEnter={() => preloadPage(item.to)}
              onFocus={() => preloadPage(item.to)}
            />
          ))}
          <TimeZoneToggle />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<TableSkeleton />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
