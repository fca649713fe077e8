-- AlterTable
ALTER TABLE "contexts" ADD COLUMN     "signature_scheme" TEXT NOT NULL DEFAULT 'EIP-191';
-- Contexts written before this migration carry EIP-191 over context_hash; new ones are written
-- with 'EIP-712' (their signature is their Receipt's, DESIGN.md "signature").
