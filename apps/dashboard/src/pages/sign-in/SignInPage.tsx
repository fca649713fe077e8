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

export default function SignInPage() {
  const session = useSession();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useInputState("");
  const [password, setPassword] = useInputState("");

  if (session.data && !signIn.isPending) return <Navigate to={returnPath(location.state)} replace />;

  const submit = () =>
    signIn.mutate(
      { email, password },
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
