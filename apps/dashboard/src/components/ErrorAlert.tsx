import { Alert, type AlertProps, Text } from "@mantine/core";
import { describeError } from "../api/errors";

interface Props extends Omit<AlertProps, "title"> {
  error: unknown;
  title?: string;
}

/** An error in words: the API's message, its code and the request id to quote. */
export function ErrorAlert({ error, title, ...props }: Props) {
  const described = describeError(error);
  return (
    <Alert color="red" role="alert" title={title ?? described.title} {...props}>
      <Text size="sm">{described.message}</Text>
      {title ? (
        <Text size="xs" c="dimmed">
          Code: {described.title}
        </Text>
      ) : null}
      {described.requestId ? (
        <Text size="xs" c="dimmed">
          Request id: {described.requestId}
        </Text>
      ) : null}
    </Alert>
  );
}
