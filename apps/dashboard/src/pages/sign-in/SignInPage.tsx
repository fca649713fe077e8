import { Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useSession } from "../../app/session";
import { ErrorAlert } from "../../components/ErrorAlert";
import { AuthCard } from "./AuthCard";
import { useSignIn } from "./use-sign-in";

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("/sign-in") ? from : "/";
}

export default function SignInPage() {
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  if (session.data && !signIn.isPending) return <Navigate to={returnPath(location.state)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password },
      { onSuccess: () => navigate(returnPath(location.state), { replace: true }) },
    );
  };

  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {signIn.error ? <ErrorAlert error={signIn.error} /> : null}
          <Button type="submit" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
