import { Alert, type AlertProps, Text } from "@mantine/core";
import { describeError } from "../api/errors";

interface Props extends Omit<AlertProps, "title"> {
  error: unknown;
  title?: string;
}

/**
 * An error in words: what happened (the page's own title, or the code put in words), the API's
 * message, and, in a disclosure, the code and request id to quote to support.
 */
export function ErrorAlert({ error, title, ...props }: Props) {
  const described = describeError(error);
  return (
    <Alert color="red" role="alert" title={title ?? described.title} {...props}>
      <Text size="sm">{described.message}</Text>
      {described.code || described.requestId ? (
        <details>
          <summary style={{ cursor: "pointer" }}>
            <Text span size="xs" c="dimmed">
              Details
            </Text>
          </summary>
          {described.code ? (
            <Text size="xs" c="dimmed">
              Code: {described.code}
            </Text>
          ) : null}
          {described.requestId ? (
            <Text size="xs" c="dimmed">
              Request id: {described.requestId}
            </Text>
          ) : null}
        </details>
      ) : null}
    </Alert>
  );
}
