/** Customer accounts: the list the user may pick from, its count and distinct values, and one account's info. */
import type { Db } from '../db/client'
import { accounts } from '../db/tables'
import { accountInfo, accountScope } from './access'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { accountCalls as declared } from './contract/accounts'
import { implementList } from './list-calls'
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

export function accountCalls(calls: CallTable, { db }: { db: Db }) {
  implementList(calls, declared.accounts, (user) => accountList(db, user))
  calls.implement(declared.getAccountInfo, async ({ input, user }) => await accountInfo(db, user, input.customerNumber))
}
