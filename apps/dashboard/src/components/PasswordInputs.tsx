import { PasswordInput } from "@mantine/core";
import type { ChangeEvent } from "react";

/** The API's bounds of a new password (it checks them; the form says them first). */
export const NEW_PASSWORD_MIN_LENGTH = 12;
const NEW_PASSWORD_MAX_LENGTH = 256;

interface Props {
  label: string;
  description?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** The password a person signs in with now (browsers and password managers offer the saved one). */
export function CurrentPasswordInput(props: Props) {
  return <PasswordInput autoComplete="current-password" required {...props} />;
}

/** A password being chosen (password managers offer to generate and save one). */
export function NewPasswordInput(props: Props) {
  return (
    <PasswordInput
      autoComplete="new-password"
      required
      minLength={NEW_PASSWORD_MIN_LENGTH}
      maxLength={NEW_PASSWORD_MAX_LENGTH}
      {...props}
    />
  );
}
