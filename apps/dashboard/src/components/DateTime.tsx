const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** A time in the reader's locale, the exact ISO value on hover; "—" when absent. */
export function DateTime({ value, empty = "—" }: { value: string | null | undefined; empty?: string }) {
  if (!value) return <>{empty}</>;
  return (
    <time dateTime={value} title={value}>
      {FORMAT.format(new Date(value))}
    </time>
  );
}
