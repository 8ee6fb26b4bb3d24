# The gateway and a build of the dataset in one image: `docker build -t cardrewards .`, then
# `docker run -p 8787:8787 -e REDIS_URL=redis://redis:6379 cardrewards`.
# Stage 1 compiles the code and builds the data tree; stage 2 keeps only what serving needs.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The workspace that generates client/api-types.ts: npm ci needs its package.json (and nothing else of it).
COPY tools/openapi-types/package.json ./tools/openapi-types/
COPY tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY cli ./cli
COPY client ./client
COPY errors ./errors
COPY gateway ./gateway
COPY mcp ./mcp
COPY generator ./generator
COPY schemas ./schemas
COPY tree ./tree
COPY browser ./browser
COPY extension ./extension
COPY dataset ./dataset
COPY LICENSE README.md ./
RUN npm ci --no-audit --no-fund
RUN node bin/cardrewards.js build --dataset dataset --out dist && cp -rL dist /app/data
RUN npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production CARDREWARDS_DIST=/app/data CARDREWARDS_HOST=0.0.0.0 PORT=8787 CARDREWARDS_STATE_FILE=/var/lib/cardrewards/state.mdb
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/bin ./bin
COPY --from=build /app/lib ./lib
COPY --from=build /app/browser ./browser
COPY --from=build /app/extension ./extension
# The MCP resource cardrewards://docs/ranking.md (`cardrewards mcp`, and /mcp with --mcp) reads it at run time.
COPY docs/ranking.md ./docs/ranking.md
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/data ./data
RUN mkdir -p /var/lib/cardrewards && chown node:node /var/lib/cardrewards
USER node
EXPOSE 8787
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD ["node", "-e", "fetch('http://127.0.0.1:8787/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--no-memory-reducer", "bin/cardrewards.js", "serve", "--no-demo-key"]
