# syntax=docker/dockerfile:1
#
# Bandung Florist in one image: the API, the uploaded files and the built web app on port 3000.
# docs/operations.md tells how to run it (compose.yaml: the shop, PostgreSQL, a bucket and Caddy).
#
#   docker build -t bandung-florist --build-arg VITE_WHATSAPP_NUMBER=62812... .
#
# No secret is part of the image: every setting, passwords and keys included, comes from the
# environment of the container (docs/operations.md, Configuration).

ARG NODE_VERSION=20

# 1. Build: all dependencies, dev ones included, to build the web app (Vite) and bundle the server
#    (esbuild, one file: apps/server/dist/server.js, plus the backup tool beside it).
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
# The storefront's own settings are read when the web app is built (apps/web/README.md).
ARG VITE_SHOP_NAME
ARG VITE_WHATSAPP_NUMBER
ARG VITE_SHOP_EMAIL
ARG VITE_COMMITMENT_VIDEO_ID
RUN npm run build

# 2. Production dependencies of the server only. The bundle keeps every npm package outside it
#    (scripts/build.mjs), so these are what it imports at run time; better-sqlite3 and sharp are
#    native and are installed (or compiled, with this image's python3, make and g++) for this Node.
FROM node:${NODE_VERSION}-bookworm AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @florist/server --no-audit --no-fund \
 && mkdir -p apps/server/node_modules

# 3. What runs: Node on Debian slim, the bundles, the web app and the production dependencies.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    BACKUP_DIR=/backups \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY package.json ./
COPY apps/server/package.json ./apps/server/
# The code belongs to root and cannot be changed by the shop; only /data and /backups are its own.
RUN mkdir -p /data /backups && chown node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 3000
# No curl in a slim image: Node's own fetch asks the health check, which also asks the database.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
WORKDIR /app/apps/server
# Node itself is process 1 and gets the SIGTERM of `docker stop`: the shop finishes the requests in
# flight and closes the database (it exits within 15 s; docker waits 10 s unless told otherwise).
CMD ["node", "--enable-source-maps", "dist/server.js"]
