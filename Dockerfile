# Production image: one stateless app process (API + SPA + Socket.IO) on port 3000.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc nest-cli.json tsconfig.base.json ./
COPY shared-types/package.json shared-types/
COPY packages/embedded-mongo/package.json packages/embedded-mongo/
COPY tools/fake-esi/package.json tools/fake-esi/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production APP_MODE=production PORT=3000
WORKDIR /app
COPY --from=build /app /app
# DATA_DIR: CCP's SDE is downloaded here (a volume in docker-compose.yml).
RUN mkdir -p /data && chown node:node /data
ENV DATA_DIR=/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "backend/dist/main.js"]
