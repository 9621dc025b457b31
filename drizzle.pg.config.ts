import { defineConfig } from 'drizzle-kit'

// PostgreSQL's migrations, made from the schema written from db/schema.ts (npm run db:schema:pg).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.pg.ts',
  out: './db/migrations-pg',
})
