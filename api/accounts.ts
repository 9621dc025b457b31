/** Customer accounts: the list the user may pick from, its count and distinct values, and one account's info. */
import express from 'express'
import type { Db } from '../db/client'
import { accounts } from '../db/schema'
import { accountInfo, accountScope } from './access'
import type { ApiUser } from './auth'
import { handle, parseInput, withToken } from './envelope'
import {
  countRequestSchema,
  distinctRequestSchema,
  listCount,
  listDistinct,
  listPage,
  pageRequestSchema,
  type ListSource,
} from './list-engine'

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

  router.post(
    '/getaccounts',
    handle(({ req, user }) => {
      const page = listPage(accountList(db, user), parseInput(pageRequestSchema, req.body))
      return withToken(page.rows, page.token)
    }),
  )

  router.post(
    '/getaccounts/count',
    handle(({ req, user }) => listCount(accountList(db, user), parseInput(countRequestSchema, req.body))),
  )

  router.post(
    '/getaccounts/distinct',
    handle(({ req, user }) => listDistinct(accountList(db, user), parseInput(distinctRequestSchema, req.body))),
  )

  router.get(
    '/getaccountinfo/:customerNumber',
    handle(({ req, user }) => accountInfo(db, user, req.params.customerNumber)),
  )

  return router
}
