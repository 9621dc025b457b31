/**
 * PostgreSQL's JSON columns: the JSON kept as the text it was written in, as SQLite keeps it. jsonb
 * would store an object's keys in an order of its own (shortest first), and the portal shows some
 * objects key by key in the order they were written (an alert's services, a session's cached alerts,
 * an audit record's fields). The columns compare, sort and match as text, as on SQLite; a query
 * into the JSON reads it as jsonb (db/dialect.ts, jsonValueWhere).
 */
import { customType } from 'drizzle-orm/pg-core'

export const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as unknown,
})
