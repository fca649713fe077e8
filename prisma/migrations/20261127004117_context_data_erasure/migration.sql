-- AlterTable
ALTER TABLE "contexts" ADD COLUMN     "data_erased_at" TIMESTAMPTZ(3),
ADD COLUMN     "data_erased_by" TEXT,
ALTER COLUMN "context_data" DROP NOT NULL,
ALTER COLUMN "metadata" DROP NOT NULL,
ALTER COLUMN "canonical_json" DROP NOT NULL;
