import { SegmentedControl, Stack, Text } from "@mantine/core";
import { useZone } from "../components/DateTime";
import { setZone, type Zone, zoneName } from "../components/time-zone";

/**
 * UTC or local time for every time the console shows and every date field it reads; the choice is
 * kept in this browser (localStorage). Local names the browser's zone ("Local (CET)").
 */
export function TimeZoneToggle() {
  const zone = useZone();
  const local = zoneName("local");
  return (
    <Stack gap={4} px="xs" py="sm">
      <Text size="xs" c="dimmed" aria-hidden>
        Times shown in
      </Text>
      <SegmentedControl
        aria-label="Times shown in"
        size="xs"
        fullWidth
        value={zone}
        onChange={(value) => setZone(value as Zone)}
        data={[
          { value: "utc", label: "UTC" },
          { value: "local", label: `Local (${local})` },
        ]}
      />
    </Stack>
  );
}
