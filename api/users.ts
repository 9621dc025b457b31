/** The signed-in user's own details. */
import type { CallTable } from './call-table'
import { accountCalls } from './contract/accounts'

export function userCalls(calls: CallTable) {
  calls.implement(accountCalls.getUserDetails, ({ user }) => ({
    email: user.email,
    name: user.name,
    roles: ['user', ...user.roles.filter((r) => r !== 'user')],
  }))
}
