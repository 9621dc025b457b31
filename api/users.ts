/** The signed-in user's own details. */
import type { CallRegistrar } from './call-table'

export function userCalls(calls: CallRegistrar) {
  calls.get('/getUserDetails', ({ user }) => ({
    email: user.email,
    name: user.name,
    roles: ['user', ...user.roles.filter((r) => r !== 'user')],
  }))
}
