import { Button, Group, SegmentedControl, Stack } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { DateTimeInput, useZone } from "./DateTime";
import { customRange, RANGES, type TimeRange, windowOf } from "./time-range";
import { toInputValue } from "./time-zone";

/**
 * A page's time range: last hour / 24 h / 7 d, a custom window (two date-time fields to the
 * second, read in the zone the shell's toggle names, checked before they apply), and "Any" where a list may show every time. Applies through `onChange`;
 * pages keep the range in their URL (useUrlRange).
 */
export function TimeRangeControl({
  value,
  onChange,
  label,
  allowAny = false,
  maxDays,
}: {
  value: TimeRange | null;
  onChange: (range: TimeRange | null) => void;
  label: string;
  allowAny?: boolean;
  /** the longest custom window the API takes here */
  maxDays?: number;
}) {
  const zone = useZone();
  const [editing, setEditing] = useState(false);
  const current = value === null ? "any" : value.key;
  const shown = editing ? "custom" : current;
  const draftOf = () => windowOf(value ?? { key: "24h" });
  const [from, setFrom] = useState(() => toInputValue(draftOf().since, zone));
  const [to, setTo] = useState(() => toInputValue(draftOf().until, zone));
  const [error, setError] = useState<string | null>(null);

  const pick = (key: string) => {
    if (key === "custom") {
      // the fields start from the window on screen
      setFrom(toInputValue(draftOf().since, zone));
      setTo(toInputValue(draftOf().until, zone));
      setEditing(true);
      return;
    }
    setEditing(false);
    setError(null);
    onChange(key === "any" ? null : { key: key as Exclude<TimeRange["key"], "custom"> });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const checked = customRange(from, to, maxDays, zone);
    if (checked.error !== undefined) {
      setError(checked.error);
      return;
    }
    setError(null);
    setEditing(false);
    onChange(checked.range);
  };

  return (
    <Stack gap={6}>
      <SegmentedControl
        aria-label={label}
        size="xs"
        value={shown}
        onChange={pick}
        data={[
          ...(allowAny ? [{ value: "any", label: "Any time" }] : []),
          ...RANGES.map((r) => ({ value: r.value, label: r.label })),
          { value: "custom", label: "Custom" },
        ]}
      />
      {shown === "custom" ? (
        <form onSubmit={apply} aria-label={`${label}: custom range`}>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <DateTimeInput
              label="From"
              zone={zone}
              size="xs"
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              error={error && /start/.test(error) ? error : undefined}
            />
            <DateTimeInput
              label="To"
              zone={zone}
              size="xs"
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              error={error && !/start/.test(error) ? error : undefined}
            />
            <Button type="submit" size="xs" variant="default" mt={22}>
              Apply range
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
