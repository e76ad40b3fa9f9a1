# Tripcrew: one image serving the web app, REST and GraphQL (HTTP + WebSocket).
# Build:  docker build -t tripcrew .
# Run:    docker run -p 4000:4000 -e DATABASE_URL=... -e REDIS_URL=... -e AUTH_SECRET=... tripcrew
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY api/prisma ./api/prisma
RUN npm ci --no-audit --no-fund
COPY . .
# The place search's index (node_modules/.cache), built now: the app cannot write there at run time.
RUN npm run build:web && npm prune --omit=dev --no-audit --no-fund && node --import tsx api/scripts/build-gazetteer.ts

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000 2525
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrations are applied at start-up; the web bundle is already built.
# The same arguments as scripts/server-args.mjs (npm start).
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "api/src/main.ts"]
