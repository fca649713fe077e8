import { Button, Stack } from "@mantine/core";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorAlert } from "../components/ErrorAlert";

interface Props {
  children: ReactNode;
}
interface State {
  error: unknown;
}

/** A render error shows its words (the API's message and code when it came from the API), never a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <ErrorPanel error={this.state.error} onRetry={() => this.setState({ error: null })} />;
  }
}

function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Stack p="md" maw={720}>
      <ErrorAlert error={error} title="This page could not be shown" />
      <Button variant="default" w="fit-content" onClick={onRetry ?? (() => window.location.reload())}>
        Try again
      </Button>
    </Stack>
  );
}

/** The router's error element: a failed lazy chunk, an unknown route. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    return <ErrorPanel error={new Error(`${error.status} ${error.statusText}`)} />;
  }
  return <ErrorPanel error={error} />;
}
