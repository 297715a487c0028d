# The app image: builds the monorepo, then runs the bundled API server, which also serves the web app.
FROM node:20-bookworm-slim AS build
RUN npm install -g pnpm@10.34.8
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
EXPOSE 3000
USER node
# The same start as `pnpm start`, V8 flag included (docs/performance.md).
CMD ["node", "--no-allocation-site-pretenuring", "apps/api/dist/main.js"]
