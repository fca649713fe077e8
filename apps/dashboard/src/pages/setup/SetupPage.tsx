import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ErrorAlert } from "../../components/ErrorAlert";
import { AuthCard } from "../sign-in/AuthCard";
import { useSetup, useSetupToken } from "./use-setup";

const MIN_LENGTH = 12;

export default function SetupPage() {
  const token = useSetupToken();
  const setup = useSetup();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthCard title="Set your password">
        <Alert color="red" title="No sign-in link">
          This page needs the one-time link you were given (it ends with #token=…). Ask for a new one, or{" "}
          <Anchor component={Link} to="/sign-in">
            sign in
          </Anchor>{" "}
          if you already have a password.
        </Alert>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < MIN_LENGTH)
      return setProblem(`The password needs at least ${MIN_LENGTH} characters.`);
    if (password !== repeat) return setProblem("The two passwords differ.");
    setProblem(null);
    setup.mutate({ token, password }, { onSuccess: () => navigate("/", { replace: true }) });
  };

  return (
    <AuthCard
      title="Set your password"
      intro={`Choose a password of at least ${MIN_LENGTH} characters. The link works once, for 30 minutes.`}
    >
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            minLength={MIN_LENGTH}
            maxLength={256}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Repeat the password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(event) => setRepeat(event.currentTarget.value)}
          />
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          {setup.error ? <ErrorAlert error={setup.error} /> : null}
          <Button type="submit" loading={setup.isPending}>
            Set password and sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
