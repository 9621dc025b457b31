/** Customer accounts: the list the user may pick from, its count and distinct values, and one account's info. */
import express from 'express'
import type { Db } from '../db/client'
import { accounts } from '../db/schema'
import { accountInfo, accountScope } from './access'
import type { ApiUser } from './auth'
import { handle } from './envelope'
import { listRoutes } from './list-routes'
import type { ListSource } from './list-engine'

export function accountList(db: Db, user: ApiUser): ListSource {
  return {
    columns: { AccountID: accounts.accountId, AccountName: accounts.accountName },
    defaultSort: [{ name: 'AccountID', direction: 'asc' }],
    uniqueKey: ['AccountID'],
    query: (fields) => db.select(fields).from(accounts).$dynamic(),
    scope: accountScope(user),
  }
}

export function accountsRouter({ db }: { db: Db }) {
  const router = express.Router()

  listRoutes(router, '/getaccounts', (user) => accountList(db, user))

  router.get(
    '/getaccountinfo/:customerNumber',
    handle(({ req, user }) => accountInfo(db, user, req.params.customerNumber)),
  )

  return router
}
