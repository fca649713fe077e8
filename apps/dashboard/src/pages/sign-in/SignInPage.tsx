import { TextInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useSession } from "../../app/session";
import { CurrentPasswordInput } from "../../components/PasswordInputs";
import { SubmitForm } from "../../components/SubmitForm";
import { AuthCard } from "./AuthCard";
import { useSignIn } from "./use-sign-in";

function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("/sign-in") ? from : "/";
}

/** `?user=<user_id>` (an invitation mail's sign-in link): the user's dashboard to enter. */
function requestedUser(search: string): string | undefined {
  return new URLSearchParams(search).get("user") || undefined;
}

export default function SignInPage() {
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useInputState("");
  const [password, setPassword] = useInputState("");
  const userId = requestedUser(location.search);

  if (session.data && !signIn.isPending) {
    // signed in already, elsewhere: the Account page lists that user's dashboard to switch to or join
    const elsewhere = userId !== undefined && userId !== session.data.account.user_id;
    return <Navigate to={elsewhere ? "/account" : returnPath(location.state)} replace />;
  }

  const submit = () =>
    signIn.mutate(
      { email, password, ...(userId ? { user_id: userId } : {}) },
      { onSuccess: () => navigate(returnPath(location.state), { replace: true }) },
    );

  return (
    <AuthCard title="Sign in">
      <SubmitForm onSubmit={submit} submitLabel="Sign in" busy={signIn.isPending} error={signIn.error}>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={setEmail}
        />
        <CurrentPasswordInput label="Password" value={password} onChange={setPassword} />
      </SubmitForm>
    </AuthCard>
  );
}
