-- AlterTable
ALTER TABLE "anchors" ADD COLUMN     "reverted" BOOLEAN NOT NULL DEFAULT false;
