-- CreateIndex
CREATE INDEX "contexts_entry_hash_idx" ON "contexts"("entry_hash");

-- CreateIndex
CREATE INDEX "contexts_transaction_hash_user_id_idx" ON "contexts"("transaction_hash", "user_id");
