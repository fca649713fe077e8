# One image for every ctxlog app; docker-compose picks the process with `command`.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/chain-worker/package.json apps/chain-worker/
COPY apps/cli/package.json apps/cli/
COPY apps/dashboard/package.json apps/dashboard/
COPY apps/webhook-worker/package.json apps/webhook-worker/
COPY packages/core/package.json packages/core/
COPY packages/db/package.json packages/db/
COPY packages/jobs/package.json packages/jobs/
COPY packages/observability/package.json packages/observability/
COPY packages/contracts/package.json packages/contracts/
COPY packages/chain/package.json packages/chain/
COPY packages/sdk/package.json packages/sdk/
COPY packages/webhooks/package.json packages/webhooks/
COPY scripts scripts
COPY prisma prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
CMD ["node", "apps/api/dist/main.js"]
