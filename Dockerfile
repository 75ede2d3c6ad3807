# syntax=docker/dockerfile:1
# One image for every Airlock service: docker-compose.yml picks each by its command and
# AIRLOCK_SERVICE. Our servers run their TypeScript through tsx, as in development.
ARG NODE_IMAGE=node:20-slim

# The workspace manifests alone, so that dependencies are installed again only when they change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/demo/package.json apps/demo/
COPY apps/host-sdk/package.json apps/host-sdk/
COPY apps/secure-frame/package.json apps/secure-frame/
COPY apps/widget/package.json apps/widget/
COPY packages/chains/package.json packages/chains/
COPY packages/devnet/package.json packages/devnet/
COPY packages/protocol/package.json packages/protocol/

FROM manifests AS deps
RUN npm ci --no-audit --no-fund

# The browser apps, built for the public widget origin the demo names (and the devnet contracts,
# compiled once here rather than at each start of the devnet profile).
FROM deps AS build
COPY . .
ARG AIRLOCK_WIDGET_URL
RUN AIRLOCK_WIDGET_URL="${AIRLOCK_WIDGET_URL}" node --import tsx scripts/build-release.ts

FROM manifests AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund

# The runtime: production dependencies (nested node_modules included), then the sources.
FROM prod-deps AS runtime
ENV NODE_ENV=production
# tsx and its one dependency (a development dependency of the repository, the runtime's here).
COPY --from=deps /app/node_modules/tsx node_modules/tsx
COPY --from=deps /app/node_modules/esbuild node_modules/esbuild
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild
COPY . .
COPY --from=build /app/apps/widget/dist apps/widget/dist
COPY --from=build /app/apps/host-sdk/dist apps/host-sdk/dist
COPY --from=build /app/apps/secure-frame/dist apps/secure-frame/dist
COPY --from=build /app/apps/demo/dist apps/demo/dist
COPY --from=build /app/packages/devnet/.cache packages/devnet/.cache
# Everything above belongs to root: the services can read their code, not change it.
USER node
EXPOSE 8080 9090
CMD ["node", "--import", "tsx", "apps/api/src/service/main.ts"]
