import { TextInput, type TextInputProps } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { formatDateTime, getZone, subscribeZone, type Zone, zoneName } from "./time-zone";

/** The zone times are shown in (the shell's UTC/local toggle); the page re-renders when it changes. */
export function useZone(): Zone {
  return useSyncExternalStore(subscribeZone, getZone, () => "utc" as const);
}

/**
 * A time as "2026-11-29 14:03:07 UTC" (or in local time, "… 15:03:07 CET", as the toggle says), the
 * exact ISO value on hover; `empty` ("—") when absent.
 */
export function DateTime({
  value,
  empty = "—",
  seconds = true,
}: {
  value: string | null | undefined;
  empty?: string;
  seconds?: boolean;
}) {
  const zone = useZone();
  if (!value) return <>{empty}</>;
  return (
    <time dateTime={value} title={value} style={{ whiteSpace: "nowrap" }}>
      {formatDateTime(value, zone, { seconds })}
    </time>
  );
}

/**
 * A date field in the one format ("2026-11-29 14:03:07", typed: no browser date picker, whose
 * mm/dd/yyyy would sit beside it), its label naming the zone it is read in.
 */
export function DateTimeInput({ label, zone, ...props }: TextInputProps & { label: string; zone: Zone }) {
  return (
    <TextInput
      label={`${label} (${zoneName(zone)})`}
      placeholder="yyyy-mm-dd hh:mm:ss"
      autoComplete="off"
      spellCheck={false}
      w={190}
      {...props}
    />
  );
}
