/** The signed-in user's own details. */
import express from 'express'
import { handle } from './envelope'

export function usersRouter() {
  const router = express.Router()
  router.get(
    '/getUserDetails',
    handle(({ user }) => ({
      email: user.email,
      name: user.name,
      roles: ['user', ...user.roles.filter((r) => r !== 'user')],
    })),
  )
  return router
}
