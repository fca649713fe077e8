import { Skeleton, Text } from "@mantine/core";
import type { AnchoringCosts as Costs } from "../../api/schema";
import { DataTable } from "../../components/DataTable";
import { ErrorAlert } from "../../components/ErrorAlert";
import { FieldList } from "../../components/FieldList";
import { Section } from "../../components/Section";
import { formatGas, formatWei, groupDigits } from "./cost-words";
import { useAnchoringCosts } from "./use-overview";

type Day = Costs["days"][number];
type Figures = Costs["total"];

/** "3,407 gas · 0.024 gwei": a mean's gas and fee; the fee left out when no batch was priced. */
function perWords(gas: number | null, feeWei: string | null): string {
  if (gas === null) return "—";
  return feeWei === null ? formatGas(gas) : `${formatGas(gas)} · ${formatWei(feeWei)}`;
}

const feeOf = (f: Figures) => (f.priced_contexts === 0 && f.contexts > 0 ? "unknown" : formatWei(f.fee_wei));

/**
 * What anchoring the user's contexts cost over the overview's window: gas and fee (in the chain's
 * native currency) in all, per batch and per context, and per UTC day. A batch anchors many
 * contexts at once, so each context carries an even share of its batch's gas.
 */
export function AnchoringCosts({
  window,
  words,
}: {
  window: { since: string; until: string };
  words: string;
}) {
  const costs = useAnchoringCosts(window);
  const data = costs.data;
  const total = data?.total;
  return (
    <Section title={`What anchoring costs, ${words}`}>
      {costs.error ? <ErrorAlert error={costs.error} mb="sm" /> : null}
      {total ? (
        <>
          <FieldList
            fields={[
              ["Contexts anchored", groupDigits(total.contexts)],
              ["Batches", groupDigits(total.batches)],
              ["Gas (your share)", formatGas(total.gas)],
              ["Fee (your share)", feeOf(total)],
              ["Per batch (whole batch)", perWords(total.gas_per_batch, total.fee_per_batch_wei)],
              ["Per context", perWords(total.gas_per_context, total.fee_per_context_wei)],
            ]}
          />
          {total.priced_contexts < total.contexts ? (
            <Text size="xs" c="dimmed" mt="xs">
              The fees cover {groupDigits(total.priced_contexts)} of {groupDigits(total.contexts)} contexts:
              the gas price of batches anchored before it was recorded is unknown.
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" mt="xs" mb="sm">
            A batch's gas is shared evenly by the contexts it anchors, whoever sent them: your share is what
            yours carry. By the UTC day each batch confirmed; days without one are left out.
          </Text>
          <DataTable<Day>
            label="Anchoring costs per day"
            rows={(data?.days ?? []).filter((d) => d.contexts > 0).reverse()}
            rowKey={(d) => d.day}
            minWidth={720}
            empty={`No context of yours was anchored ${words}.`}
            columns={[
              { header: "Day (UTC)", cell: (d) => d.day },
              { header: "Contexts", cell: (d) => groupDigits(d.contexts) },
              { header: "Batches", cell: (d) => groupDigits(d.batches) },
              { header: "Gas", cell: (d) => formatGas(d.gas) },
              { header: "Fee", cell: (d) => feeOf(d) },
              { header: "Per context", cell: (d) => perWords(d.gas_per_context, d.fee_per_context_wei) },
            ]}
          />
        </>
      ) : costs.error ? null : (
        <Skeleton height={120} />
      )}
    </Section>
  );
}
