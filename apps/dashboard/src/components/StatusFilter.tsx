import { NativeSelect, type NativeSelectProps } from "@mantine/core";

interface Props<S extends string> extends Omit<NativeSelectProps, "data" | "value" | "onChange"> {
  /** the statuses one can filter by; "All" ("") comes first */
  statuses: readonly S[];
  value: S | "";
  onChange: (status: S | "") => void;
}

const labelOf = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** A list's status filter: All, or one status. */
export function StatusFilter<S extends string>({ statuses, value, onChange, ...select }: Props<S>) {
  return (
    <NativeSelect
      {...select}
      data={[
        { value: "", label: "All" },
        ...statuses.map((status) => ({ value: status, label: labelOf(status) })),
      ]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as S | "")}
    />
  );
}
