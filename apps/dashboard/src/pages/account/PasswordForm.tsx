import { Alert, Button, PasswordInput, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { ErrorAlert } from "../../components/ErrorAlert";
import { useChangePassword } from "./use-account";

export function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
        },
      },
    );
  };

  return (
    <form onSubmit={submit}>
      <Stack maw={360}>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
        />
        <PasswordInput
          label="New password"
          description="At least 12 characters"
          autoComplete="new-password"
          required
          minLength={12}
          maxLength={256}
          value={next}
          onChange={(event) => setNext(event.currentTarget.value)}
        />
        {change.error ? <ErrorAlert error={change.error} /> : null}
        {change.isSuccess ? (
          <Alert color="green">Password changed. Every other session was signed out.</Alert>
        ) : null}
        <Button type="submit" w="fit-content" loading={change.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
