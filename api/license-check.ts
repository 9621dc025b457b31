/**
 * API: Check a licence file (Manage Activations).
 *
 * POST /fulfillments/check {licenseText} or multipart/form-data {file}
 *      (declared in api/contract/licence-files)
 *      -> LicenceCheck: whether each line is genuine, what the file grants,
 *         whose it is and on which host, and whether it is what the host's
 *         activations give today (or what differs). Nothing is written.
 *
 * Who may: vendor support and business operations, and a customer's
 * administrators for that customer's lines. The customers a file names (its
 * VENDOR_STRING) that the caller may not check, does not know, or that are
 * under export control are never described: their lines are only counted,
 * and a file with nothing else is refused with one message whatever they are.
 */
import { mapInOrder } from '../db/in-order'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { accountAccess, accounts } from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import { checkHostIds } from '../app/domain/host-id'
import {
  grantDifferences,
  grantOf,
  LICENSE_CHECK_MESSAGES,
  mayCheckLicense,
  type CheckedGrant,
  type LicenseCheck,
} from '../app/domain/license-check'
import { readUploadedHost } from '../app/domain/license-upload'
import { buildAccountInfo, isExportDenied, maySeeCustomer, type Account } from './access'
import { customerEntitlement } from './activation-rows'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import { licenseFileCalls as declared } from './contract/license-files'
import { badRequest, forbidden } from './envelope'
import { licenseFile, licenseProducts } from './host-license'
import { findHost, hostCustomers, type Host } from './host-lookup'
import { licenseSigner, verifyLicense, type CheckedLine } from './license-signature'
import type { ApiDeps } from './index'

/** A character no text file holds: an undecodable byte, or a control character but tab, line ends and form feed. */
const notText = (code: number) => code === 0xfffd || code === 0x7f || (code < 0x20 && (code < 0x09 || code > 0x0d))

function requireLicenseText(text: string): string {
  if (text.trim() === '') throw badRequest(LICENSE_CHECK_MESSAGES.empty)
  for (let i = 0; i < text.length; i++)
    if (notText(text.charCodeAt(i))) throw badRequest(LICENSE_CHECK_MESSAGES.notText)
  return text
}

/** The text of the request: an uploaded file or the pasted text (none is the same as empty). */
async function licenseTextOf(pasted: string | undefined, form: FormData | undefined): Promise<string> {
  if (!form) return requireLicenseText(pasted ?? '')
  const file = form.get('file')
  if (file === null || typeof file === 'string' || (file.size === 0 && !file.name)) {
    throw badRequest(LICENSE_CHECK_MESSAGES.empty)
  }
  return requireLicenseText(await file.text())
}

/** The customers among these numbers whose lines the user may check: known, export-approved, and allowed. */
async function checkableCustomers(db: Db, user: ApiUser, numbers: readonly string[]): Promise<Account[]> {
  const found: Account[] = []
  for (const number of numbers) {
    const account = (await db.select().from(accounts).where(eq(accounts.accountId, number)))[0]
    if (!account || isExportDenied(account) || !(await maySeeCustomer(db, user, number))) continue
    const access = (
      await db
        .select()
        .from(accountAccess)
        .where(and(eq(accountAccess.accountId, number), eq(accountAccess.userId, user.id)))
    )[0]
    if (mayCheckLicense(user, buildAccountInfo(account, access, user))) found.push(account)
  }
  return found
}

/** The host the file's SERVER lines name, when it is in the group of one of these customers. */
async function hostOf(db: Db, text: string, customers: readonly Account[]): Promise<Host | null> {
  const read = readUploadedHost(text)
  if (!read.ok) return null
  const ids = checkHostIds(read.host.serverId, read.host.serverIdType)
  const host = ids.ok ? await findHost(db, ids.host) : undefined
  if (!host) return null
  const group = await hostCustomers(db, host.id)
  return customers.some((c) => group.includes(c.accountId)) ? host : null
}

async function grants(db: Db, lines: readonly CheckedLine[]): Promise<CheckedGrant[]> {
  return await mapInOrder(lines, async ({ line, problems }) => {
    const grant = grantOf(line, problems)
    const e =
      grant.customerNumber && grant.activationId
        ? await customerEntitlement(db, grant.customerNumber, grant.activationId)
        : undefined
    return { ...grant, productName: e?.productName ?? null }
  })
}

export async function checkLicense(db: Db, user: ApiUser, key: string, text: string): Promise<LicenseCheck> {
  const verified = verifyLicense(text, key)
  if (verified.lines.length === 0 && verified.hostIds.length === 0) throw badRequest(LICENSE_CHECK_MESSAGES.notLicense)
  const named = [...new Set(verified.lines.map((l) => grantOf(l.line, []).customerNumber).filter((c) => c !== null))]
  const customers = await checkableCustomers(db, user, named.sort())
  const checkable = new Set(customers.map((c) => c.accountId))
  if (customers.length === 0 && !mayCheckLicense(user, null)) throw forbidden(LICENSE_CHECK_MESSAGES.refused)

  // A line naming no customer describes none; one naming a customer the user may not check is only counted.
  const shown = verified.lines.filter((l) => {
    const customer = grantOf(l.line, []).customerNumber
    return customer === null || checkable.has(customer)
  })
  const lines = await grants(db, shown)
  const host = await hostOf(db, text, customers)
  let differences: string[] = []
  if (host) {
    const group = await hostCustomers(db, host.id)
    const parts = await mapInOrder(
      customers.filter((c) => group.includes(c.accountId)),
      async (account) => ({ account, products: await licenseProducts(db, host, account.accountId) }),
    )
    const today = licenseFile(host, parts, licenseSigner(key), todayUtc())
    differences = grantDifferences(lines, today ? await grants(db, verifyLicense(today.licenseText, key).lines) : [])
  }
  return {
    genuine: verified.ok && shown.length === verified.lines.length,
    host: { ids: verified.hostIds, name: host?.name ?? null },
    customers: customers.map((c) => ({ number: c.accountId, name: c.accountName })),
    lines,
    hiddenLines: verified.lines.length - shown.length,
    strayLines: verified.unknown,
    state: !host ? 'unknownHost' : differences.length === 0 ? 'current' : 'differs',
    differences,
  }
}

export function licenseCheckCalls(calls: CallTable, { db, config }: ApiDeps) {
  calls.implement(
    declared.check,
    async ({ input, form, user }) =>
      await checkLicense(db, user, config.licenseSigningKey, await licenseTextOf(input.licenseText, form)),
  )
}
