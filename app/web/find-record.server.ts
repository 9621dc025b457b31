/** A group by its name, a user by e-mail: the record pages' addresses name them, the calls take ids. */
import { data } from '@remix-run/node'
import { readOrThrow, equalsFilter, type WebScreen } from './web-screen.server'

export async function groupIdByName(screen: WebScreen, name: string): Promise<number> {
  const rows = readOrThrow(
    await screen.calls.groups.page(screen.customerNumber, { filter: equalsFilter('name', name), limit: 1 }),
  )
  if (!rows[0]) throw data(`There is no group called ${name} for this customer.`, { status: 404 })
  return rows[0].id
}

export async function userIdByEmail(screen: WebScreen, email: string): Promise<number> {
  const rows = readOrThrow(
    await screen.calls.users.page(screen.customerNumber, { filter: equalsFilter('email', email), limit: 1 }),
  )
  if (!rows[0]) throw data(`${email} is not a web user of this customer.`, { status: 404 })
  return rows[0].id
}
