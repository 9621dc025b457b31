/**
 * PostgreSQL's SQL functions (migration 0002_sql_functions) answer exactly as the JavaScript rules
 * SQLite registers on its connections under the same names: licenseModelGroup and webTermState, over
 * inputs that take every branch of each.
 */
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { licenseModelGroup } from '../app/domain/entitlements'
import { webTermState } from '../app/domain/web-licenses'
import { openPg, type PgDb } from './pg-client'
import { newPgDatabase } from '../tests/support/postgres-server'

let db: PgDb
let pool: pg.Pool

beforeAll(async () => {
  db = await openPg(await newPgDatabase('functions'), { max: 1 })
  pool = db.$client
})

afterAll(async () => {
  await pool?.end()
})

/** Every pair of `a` and `b`. */
const pairs = <A, B>(a: A[], b: B[]): [A, B][] => a.flatMap((x) => b.map((y): [A, B] => [x, y]))

describe('license_model_group', () => {
  const models = [
    // Each model of a group, as written and in other cases, spacing and punctuation.
    'Shared Web',
    'shared-web borrow',
    'SharedWebBorrow',
    'ConcurrentProduct',
    'concurrent_product',
    'FSA',
    'f.s.a',
    'Flexible Spending Account',
    'Node Locked',
    'Node-Locked Borrow',
    'Named User',
    'NAMED_USER-BORROW',
    // JavaScript lower-cases İ to i and a combining dot, and the Kelvin sign to k.
    'Flex\u0130ble Spending Account',
    'Node Loc\u212Aed',
    // Other letters lower-case to no a-z and are dropped.
    'Nämed User',
    'ÑAMED USER',
    // Anything else is Network.
    'Network',
    'Network-Borrow',
    'Elastic-AEU',
    'Shared Web 2',
    'Named Users',
    '',
  ]
  const names = [
    'Ansys Mechanical Enterprise',
    'Ansys Mechanical Pro (node)',
    'Ansys Fluent (NODE)',
    'x (NoDe) y',
    'Ansys Nodes',
    '(nodes)',
    '( node )',
    '',
  ]

  it('groups every model and product name as licenseModelGroup does', async () => {
    const inputs = pairs(models, names)
    const { rows } = await pool.query<{ group: string }>(
      `SELECT license_model_group(m, p) AS group FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS i(m, p, n) ORDER BY n`,
      [inputs.map(([m]) => m), inputs.map(([, p]) => p)],
    )
    const expected = inputs.map(([m, p]) => licenseModelGroup(m, p))
    expect(rows.map((r) => r.group)).toEqual(expected)
    // The inputs reach every group.
    expect(new Set(expected)).toEqual(new Set(['Network', 'Shared Web', 'FSA', 'Node Locked', 'Named User']))
  })
})

describe('web_term_state', () => {
  const days = ['2026-02-28', '2026-03-01', '2026-03-02']

  it('gives every start, end (or none) and today the state webTermState gives', async () => {
    const inputs = pairs(pairs(days, [...days, null]), days).map(([[start, end], today]) => ({ start, end, today }))
    const { rows } = await pool.query<{ state: string }>(
      `SELECT web_term_state(s, e, t) AS state FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS i(s, e, t, n)
        ORDER BY n`,
      [inputs.map((i) => i.start), inputs.map((i) => i.end), inputs.map((i) => i.today)],
    )
    const expected = inputs.map((i) => webTermState(i.start, i.end, i.today))
    expect(rows.map((r) => r.state)).toEqual(expected)
    expect(new Set(expected)).toEqual(new Set(['not-started', 'in-term', 'ended']))
  })
})
