/**
 * The PostgreSQL schema is written from the SQLite one (db/schema.ts), so the two engines share
 * one schema source: drizzle declares tables per dialect, and this turns each SQLite table into
 * the same table in pg-core. `npm run db:schema:pg` writes the result to db/schema.pg.ts, from
 * which drizzle-kit makes PostgreSQL's migrations; a test fails when that file is not what this
 * writes today.
 *
 * Types: SQLite integers are 64-bit, so every integer becomes `bigint` (read as a JS number, as
 * better-sqlite3 reads them); a single integer primary key that references no other table becomes
 * an identity column (SQLite numbers such a row by itself when no id is given); reals are double
 * precision; JSON stays text, as written (db/pg-json-text.ts: jsonb would reorder an object's keys).
 * Names of tables, columns, indexes, keys and checks stay the same.
 */
import { Column, is, SQL, getTableColumns } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'

type Tables = Record<string, unknown>

const HEADER = `/**
 * The PostgreSQL tables, written from db/schema.ts by \`npm run db:schema:pg\` (db/pg-schema-source.ts).
 * Do not edit: change db/schema.ts, make SQLite's migration, then run the command (it makes PostgreSQL's).
 */`

/** The TypeScript source of the pg-core schema equal to the SQLite `tables`. */
export function pgSchemaSource(tables: Tables): string {
  const entries = Object.entries(tables)
    .filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable))
    .sort(([a], [b]) => a.localeCompare(b))
  const exportName = new Map(entries.map(([name, table]) => [table as unknown, name]))
  const keyOf = (column: Column) => {
    const table = column.table as unknown as SQLiteTable
    const key = Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0]
    if (!key) throw new Error(`no key for column ${column.name}`)
    return key
  }
  const used = new Set<string>(['pgTable'])
  const blocks = entries.map(([name, table]) => tableSource(name, table, { exportName, keyOf, used }))
  const imports = [...used].sort()
  const needsSql = blocks.some((b) => b.includes('sql`'))
  const needsAny = blocks.some((b) => b.includes('AnyPgColumn'))
  const needsJsonText = blocks.some((b) => b.includes('jsonText('))
  return [
    HEADER,
    needsSql ? `import { sql } from 'drizzle-orm'` : '',
    `import { ${imports.join(', ')}${needsAny ? ', type AnyPgColumn' : ''} } from 'drizzle-orm/pg-core'`,
    needsJsonText ? `import { jsonText } from './pg-json-text'` : '',
    '',
    ...blocks,
  ]
    .filter((line, i) => !((i === 1 || i === 3) && line === ''))
    .join('\n')
}

interface Context {
  exportName: Map<unknown, string>
  keyOf: (column: Column) => string
  used: Set<string>
}

function tableSource(name: string, table: SQLiteTable, ctx: Context): string {
  const config = getTableConfig(table)
  const singlePk = config.columns.filter((c) => c.primary)
  if (config.foreignKeys.some((f) => f.reference().columns.length > 1))
    throw new Error(`${name}: a foreign key over several columns is not written yet`)
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const fk = config.foreignKeys.find((f) => {
      const ref = f.reference()
      return ref.columns.length === 1 && ref.columns[0] === column
    })
    return `  ${key}: ${columnSource(column, { identity: singlePk.length === 1 && column.primary && !fk, fk, table, ctx })},`
  })
  const extras = [
    ...config.primaryKeys.map((pk) => {
      ctx.used.add('primaryKey')
      return `primaryKey({ columns: [${pk.columns.map((c) => `t.${ctx.keyOf(c)}`).join(', ')}] })`
    }),
    ...config.indexes.map((i) => {
      const kind = i.config.unique ? 'uniqueIndex' : 'index'
      ctx.used.add(kind)
      const on = i.config.columns.map((c) => (is(c, SQL) ? sqlSource(c, ctx) : `t.${ctx.keyOf(c as Column)}`))
      const where = i.config.where ? `.where(${sqlSource(i.config.where, ctx)})` : ''
      return `${kind}('${i.config.name}').on(${on.join(', ')})${where}`
    }),
    ...config.checks.map((c) => {
      ctx.used.add('check')
      return `check('${c.name}', ${sqlSource(c.value, ctx)})`
    }),
  ]
  const body = `{\n${columns.join('\n')}\n}`
  return extras.length === 0
    ? `export const ${name} = pgTable('${config.name}', ${body})\n`
    : `export const ${name} = pgTable('${config.name}', ${body}, (t) => [\n${extras.map((e) => `  ${e},`).join('\n')}\n])\n`
}

function columnSource(
  column: Column,
  {
    identity,
    fk,
    table,
    ctx,
  }: {
    identity: boolean
    fk: ReturnType<typeof getTableConfig>['foreignKeys'][number] | undefined
    table: SQLiteTable
    ctx: Context
  },
): string {
  let source: string
  switch (column.columnType) {
    case 'SQLiteInteger':
      ctx.used.add('bigint')
      source = `bigint('${column.name}', { mode: 'number' })`
      break
    case 'SQLiteText':
      ctx.used.add('text')
      source = `text('${column.name}')`
      break
    case 'SQLiteTextJson':
      source = `jsonText('${column.name}')`
      break
    case 'SQLiteReal':
      ctx.used.add('doublePrecision')
      source = `doublePrecision('${column.name}')`
      break
    default:
      throw new Error(`${column.name}: no PostgreSQL type for ${column.columnType}`)
  }
  if (column.primary) source += '.primaryKey()'
  if (identity && column.columnType === 'SQLiteInteger') source += '.generatedByDefaultAsIdentity()'
  if (column.notNull && !column.primary) source += '.notNull()'
  if (column.hasDefault && column.default !== undefined) {
    if (is(column.default, SQL)) source += `.default(${sqlSource(column.default, ctx)})`
    // drizzle-kit writes a custom type's default only as SQL: here the JSON's text.
    else if (column.columnType === 'SQLiteTextJson')
      source += `.default(sql\`'${JSON.stringify(column.default).replaceAll("'", "''")}'\`)`
    else source += `.default(${JSON.stringify(column.default)})`
  }
  if (column.isUnique) source += '.unique()'
  if (fk) {
    const ref = fk.reference()
    const target = ctx.exportName.get(ref.foreignTable)
    if (!target) throw new Error(`${column.name}: the table it references is not exported`)
    const self = ref.foreignTable === (table as unknown)
    const options = [
      fk.onDelete && fk.onDelete !== 'no action' ? `onDelete: '${fk.onDelete}'` : '',
      fk.onUpdate && fk.onUpdate !== 'no action' ? `onUpdate: '${fk.onUpdate}'` : '',
    ].filter(Boolean)
    source +=
      `.references(()${self ? ': AnyPgColumn' : ''} => ${target}.${ctx.keyOf(ref.foreignColumns[0])}` +
      (options.length ? `, { ${options.join(', ')} })` : ')')
  }
  return source
}

/** An SQL expression of the schema (an index's, a check's) as a sql`` template over `t`'s columns. */
function sqlSource(expression: SQL, ctx: Context): string {
  let out = ''
  for (const chunk of expression.queryChunks) {
    if (is(chunk, SQL)) out += sqlSource(chunk, ctx).slice(4, -1)
    else if (is(chunk, Column)) out += `\${t.${ctx.keyOf(chunk)}}`
    else if (typeof chunk === 'object' && chunk !== null && 'value' in chunk && Array.isArray(chunk.value))
      out += (chunk.value as string[]).join('').replace(/[`\\$]/g, (m) => `\\${m}`)
    else throw new Error(`an SQL part the PostgreSQL schema cannot write: ${JSON.stringify(chunk)}`)
  }
  return `sql\`${out}\``
}
