-- AlterTable
ALTER TABLE "webhook_attempts" ADD COLUMN     "request_headers" JSONB,
ADD COLUMN     "request_url" TEXT,
ADD COLUMN     "response_body" TEXT,
ADD COLUMN     "response_body_truncated" BOOLEAN,
ADD COLUMN     "response_headers" JSONB;
