/** Customer accounts: the list the user may pick from, its count and distinct values, and one account's info. */
import type { Db } from '../db/client'
import { accounts } from '../db/schema'
import { accountInfo, accountScope } from './access'
import type { ApiUser } from './auth'
import type { CallRegistrar } from './call-table'
import { listCalls } from './list-calls'
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

export function accountCalls(calls: CallRegistrar, { db }: { db: Db }) {
  listCalls(calls, '/getaccounts', (user) => accountList(db, user))
  calls.get('/getaccountinfo/:customerNumber', ({ params, user }) => accountInfo(db, user, params.customerNumber))
}
