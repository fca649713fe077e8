import { Alert, PasswordInput } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import { useState } from "react";
import { useNavigate } from "react-router";
import { AppLink } from "../../components/AppLink";
import { NEW_PASSWORD_MIN_LENGTH as MIN_LENGTH, NewPasswordInput } from "../../components/PasswordInputs";
import { SubmitForm } from "../../components/SubmitForm";
import { AuthCard } from "../sign-in/AuthCard";
import { useSetup, useSetupToken } from "./use-setup";

export default function SetupPage() {
  const token = useSetupToken();
  const setup = useSetup();
  const navigate = useNavigate();
  const [password, setPassword] = useInputState("");
  const [repeat, setRepeat] = useInputState("");
  const [problem, setProblem] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthCard title="Set your password">
        <Alert color="red" title="No sign-in link">
          This page needs the one-time link you were given (it ends with #token=…). Ask for a new one, or{" "}
          <AppLink to="/sign-in">sign in</AppLink> if you already have a password.
        </Alert>
      </AuthCard>
    );
  }

  const submit = () => {
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
      <SubmitForm
        onSubmit={submit}
        submitLabel="Set password and sign in"
        busy={setup.isPending}
        error={setup.error}
      >
        <NewPasswordInput label="New password" value={password} onChange={setPassword} />
        <PasswordInput
          label="Repeat the password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={setRepeat}
        />
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
      </SubmitForm>
    </AuthCard>
  );
}
