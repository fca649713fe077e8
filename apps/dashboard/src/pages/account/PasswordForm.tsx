import { Alert } from "@mantine/core";
import { useInputState } from "@mantine/hooks";
import {
  CurrentPasswordInput,
  NEW_PASSWORD_MIN_LENGTH,
  NewPasswordInput,
} from "../../components/PasswordInputs";
import { SubmitForm } from "../../components/SubmitForm";
import { useChangePassword } from "./use-account";

export function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useInputState("");
  const [next, setNext] = useInputState("");

  const submit = () =>
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
        },
      },
    );

  return (
    <SubmitForm
      onSubmit={submit}
      submitLabel="Change password"
      busy={change.isPending}
      error={change.error}
      maw={360}
    >
      <CurrentPasswordInput label="Current password" value={current} onChange={setCurrent} />
      <NewPasswordInput
        label="New password"
        description={`At least ${NEW_PASSWORD_MIN_LENGTH} characters`}
        value={next}
        onChange={setNext}
      />
      {change.isSuccess ? (
        <Alert color="green">Password changed. Every other session was signed out.</Alert>
      ) : null}
    </SubmitForm>
  );
}
