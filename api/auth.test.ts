import { afterAll, describe, expect, it } from 'vitest'
import { transact } from '../db/transact'
import { openDb, closeDb } from '../db/client'
import { users } from '../db/tables'
import { findActiveUser, findActiveUserQuery } from './auth'

const db = openDb(':memory:')
afterAll(() => closeDb(db))

describe('the per-call user lookup', () => {
  it('finds an active user whatever the case of the e-mail, and no inactive one', async () => {
    await transact(
      db,
      async (tx) =>
        await tx.insert(users).values([
          { email: 'Mixed.Case@Example.com', name: 'Mixed Case', roles: ['user'] },
          { email: 'gone@example.com', name: 'Gone', roles: ['user'], active: 0 },
        ]),
    )
    expect(await findActiveUser(db, 'mixed.case@example.COM')).toMatchObject({
      email: 'Mixed.Case@Example.com',
      roles: ['user'],
    })
    expect(await findActiveUser(db, 'gone@example.com')).toBeUndefined()
  })

  it('is answered from the lower(email) index, not by scanning users', () => {
    const { sql, params } = findActiveUserQuery(db).toSQL()
    const plan = db.$client.prepare(`explain query plan ${sql}`).all(...params.map(() => 'x@example.com')) as {
      detail: string
    }[]
    expect(plan.map((row) => row.detail).join('\n')).toContain('USING INDEX users_email_lower_idx')
  })
})
