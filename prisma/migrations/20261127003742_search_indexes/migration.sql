-- CreateIndex
CREATE INDEX "contexts_entry_hash_idx" ON "contexts"("entry_hash");

-- CreateIndex
CREATE INDEX "anchors_transaction_hash_idx" ON "anchors"("transaction_hash");
