# One image for every ctxlog app; docker-compose picks the process with `command`.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/chain-worker/package.json apps/chain-worker/
COPY apps/cli/package.json apps/cli/
COPY apps/dashboard/package.json apps/dashboard/
COPY apps/webhook-worker/package.json apps/webhook-worker/
COPY packages/core/package.json packages/core/
COPY packages/tlog/package.json packages/tlog/
COPY packages/db/package.json packages/db/
COPY packages/jobs/package.json packages/jobs/
COPY packages/runtime/package.json packages/runtime/
COPY packages/contracts/package.json packages/contracts/
COPY packages/chain/package.json packages/chain/
COPY packages/sdk/package.json packages/sdk/
COPY packages/webhooks/package.json packages/webhooks/
COPY scripts scripts
# postinstall generates the Prisma client and the dashboard's API types (from the OpenAPI snapshot)
COPY apps/dashboard/scripts apps/dashboard/scripts
COPY apps/api/openapi.json apps/api/
COPY prisma prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund
COPY . .
# tsconfig.json of each workspace leaves *.test.ts and the testing helpers out of dist
RUN npm run build

# docker compose's development chain (scripts/dev-chain.js): anvil is a dev dependency, so it runs
# from the build stage and never reaches the production image.
FROM build AS dev-chain
CMD ["node", "scripts/dev-chain.js"]

# Only what production runs: runtime dependencies, each workspace's package.json and dist, the
# migrations and the migration script. No sources, no tests, no dev dependencies.
FROM build AS prune
RUN npm prune --omit=dev \
  && rm -rf apps/*/src packages/*/src apps/*/tsconfig*.json packages/*/tsconfig*.json \
     apps/*/dist/.tsbuildinfo packages/*/dist/.tsbuildinfo \
     packages/contracts/contracts packages/contracts/scripts packages/contracts/artifacts \
     scripts/start.js scripts/dev-chain.js scripts/db-migration-create.js scripts/prisma-generate.js

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prune /app/package.json ./
COPY --from=prune /app/node_modules node_modules
COPY --from=prune /app/apps apps
COPY --from=prune /app/packages packages
COPY --from=prune /app/prisma prisma
COPY --from=prune /app/scripts scripts
USER node
CMD ["node", "apps/api/dist/main.js"]
