-- CreateIndex
CREATE INDEX "contexts_signer_address_idx" ON "contexts"("signer_address");
