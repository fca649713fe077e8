-- What anchoring costs (issue 40): the gas price the anchor transaction paid, from its receipt
-- (effectiveGasPrice: base fee plus the tip actually paid, not the max fee it was signed with).
-- gas_used × effective_gas_price is the batch's fee in wei. NULL on anchors mined before it was
-- recorded (and on any not mined): their fee is unknown rather than guessed from max_fee_per_gas.
ALTER TABLE "anchors" ADD COLUMN "effective_gas_price" DECIMAL(78, 0);
