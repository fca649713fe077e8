import { Center, Loader } from "@mantine/core";
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { ErrorAlert } from "../components/ErrorAlert";
import { useSession } from "./session";

/** Pages behind it need a session; without one the person is sent to sign-in (and back after). */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label="Loading the session" />
      </Center>
    );
  }
  if (session.isError) return <ErrorAlert error={session.error} m="md" />;
  if (!session.data) {
    const from = location.pathname + location.search;
    return <Navigate to="/sign-in" state={{ from }} replace />;
  }
  return children;
}
