import { SegmentedControl } from "@mantine/core";
import { RANGES, type RangeKey } from "./time-range";

/** Last hour / day / week. */
export function RangePicker({
  value,
  onChange,
  label = "Time range",
}: {
  value: RangeKey;
  onChange: (value: RangeKey) => void;
  label?: string;
}) {
  return (
    <SegmentedControl
      aria-label={label}
      size="xs"
      value={value}
      onChange={(v) => onChange(v as RangeKey)}
      data={RANGES.map((r) => ({ value: r.value, label: r.label }))}
    />
  );
}
