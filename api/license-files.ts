/**
 * API: licence files in FlexNet format (spec 3 section 7); the calls are declared
 * in api/contract/licence-files.
 *
 * POST /fulfillments/license -> the licence file of this customer's activations on the host
 *      (and the host's Borrowable flag stored when `ansysborrowed` is given and differs)
 * POST /fulfillments/download -> the file merged over every customer of the host
 *      the caller may see that is export-approved
 * POST /fulfillments/preview -> {current, proposed}: the merged file now and
 *      after the changes, nothing written
 * POST /fulfillments/email -> {sent, emailId, to}: the merged file, generated now,
 *      written into the customer's outbox with the file attached
 *
 * A host without any activations of those customers answers 404 with
 * noDaemonsMessage. The text is the same for the same data apart from the
 * issue day (ISSUED= and the header's Issued line).
 */
import { transact } from '../db/transact'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { hosts } from '../db/tables'
import { todayUtc } from '../app/domain/entitlements'
import { hostIdTypeLabel, type HostIdType } from '../app/domain/host-id'
import {
  BORROWED_FIELD,
  NOT_ENOUGH_PERMISSIONS,
  noDaemonsMessage,
  type LicenseEmailResult,
  type LicenseFile,
  type LicensePreview,
} from '../app/domain/activation-types'
import { licenseSigner } from './license-signature'
import { escapeHtml } from '../server/oidc/views'
import type { Account } from './access'
import { requireActivationAccess } from './activation-access'
import { recordAudit, type Tx } from './audit-log'
import type { ApiUser } from './auth'
import type { CallTable } from './call-table'
import type { ParsedInput } from './contract/define'
import { licenseFileCalls as declared } from './contract/license-files'
import { administratorAddresses } from './elastic-credit'
import { writeOutboxEmail, type OutboxDelivery } from './outbox'
import { forbidden, notFound } from './envelope'
import {
  currentParts,
  licenseFile,
  licenseProducts,
  partsAfter,
  type CustomerProducts,
  type Signer,
} from './host-license'
import { requireCustomerHost, type Host } from './host-lookup'
import type { ApiDeps } from './index'

/** The longest subject of a licence e-mail. */
export const SUBJECT_MAX = 50
export const LICENSE_EMAIL_KIND = 'licence-file'

type LicenseInput = ParsedInput<typeof declared.license>

/** The file of these parts, or a 404 when none of them has anything on the host. */
function requireFile(host: Host, parts: readonly CustomerProducts[], sign: Signer): LicenseFile {
  const file = licenseFile(host, parts, sign, todayUtc())
  if (!file) throw notFound(noDaemonsMessage(host.hostIds))
  return file
}

/** Stores the host's Borrowable flag when it changes; a view-only user may not change it. */
async function storeBorrowable(
  db: Db,
  user: ApiUser,
  account: Account,
  viewOnly: boolean,
  host: Host,
  wanted: boolean,
) {
  if ((host.borrowable === 1) === wanted) return host
  if (viewOnly) throw forbidden(NOT_ENOUGH_PERMISSIONS)
  return await transact(db, async (tx) => {
    const [updated] = await tx
      .update(hosts)
      .set({ borrowable: wanted ? 1 : 0 })
      .where(eq(hosts.id, host.id))
      .returning()
    await recordAudit(tx, {
      actorEmail: user.email,
      accountId: account.accountId,
      area: 'hosts',
      action: 'borrowable',
      before: { host: host.identifier, [BORROWED_FIELD]: host.borrowable === 1 },
      after: { host: host.identifier, [BORROWED_FIELD]: wanted },
    })
    return updated
  })
}

async function customerLicense(db: Db, user: ApiUser, sign: Signer, input: LicenseInput): Promise<LicenseFile> {
  const { account, viewOnly } = await requireActivationAccess(db, user, input.customerNumber)
  let host = await requireCustomerHost(db, account.accountId, input)
  const wanted = input[BORROWED_FIELD]
  if (wanted !== undefined) host = await storeBorrowable(db, user, account, viewOnly, host, wanted)
  return requireFile(host, [{ account, products: await licenseProducts(db, host, account.accountId) }], sign)
}

async function preview(
  db: Db,
  user: ApiUser,
  sign: Signer,
  input: ParsedInput<typeof declared.preview>,
): Promise<LicensePreview> {
  const { account } = await requireActivationAccess(db, user, input.customerNumber)
  const host = await requireCustomerHost(db, account.accountId, input)
  const today = todayUtc()
  const text = (file: LicenseFile | null) => file?.licenseText ?? ''
  return {
    current: text(licenseFile(host, await currentParts(db, db, user, host), sign, today)),
    proposed: text(licenseFile(host, await partsAfter(db, db, user, host, input.changes), sign, today)),
  }
}

/** 'Licence file for <host>', cut to SUBJECT_MAX characters. */
export function licenseEmailSubject(hostName: string): string {
  const subject = `Licence file for ${hostName}`
  return subject.length <= SUBJECT_MAX ? subject : `${subject.slice(0, SUBJECT_MAX - 1)}…`
}

function licenseEmailBody(host: Host, file: LicenseFile, accountName: string, names: Map<string, string>): string {
  const type = host.hostIdTypes.split(',')[0] as HostIdType
  const ids = host.hostIds
    .split(',')
    .map((id) => `<li><code>${escapeHtml(id)}</code></li>`)
    .join('')
  const customers = file.customers.map((c) => `<li>${escapeHtml(c)} ${escapeHtml(names.get(c) ?? '')}</li>`).join('')
  return `<div style="font-family: Arial, sans-serif; color: #1f2937; max-width: 640px">
<h1 style="font-size: 20px; color: #0d2a55">Licence file for ${escapeHtml(host.name)}</h1>
<p>Dear ${escapeHtml(accountName)} licence administrator,</p>
<p>attached is the licence file <strong>${escapeHtml(file.licenseFileName)}</strong> of the licence server
<strong>${escapeHtml(host.name)}</strong>, port ${host.port}, host ID (${escapeHtml(hostIdTypeLabel(type))}):</p>
<ul>${ids}</ul>
<p>It holds the activations of ${file.customers.length === 1 ? 'the customer' : 'the customers'}:</p>
<ul>${customers}</ul>
<p style="font-size: 12px; color: #6b7280">This message was sent by the Licensing Portal. Please do not reply to it.</p>
</div>`
}

/**
 * The outbox addresses: the customer's administrators; for a customer with the
 * shared-licence-server permission and a support address, a shared host's file
 * goes to that address with the administrators added.
 */
async function recipients(tx: Tx, account: Account, shared: boolean): Promise<string[]> {
  const administrators = (await administratorAddresses(tx, account))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  const toSupport = account.sharedServerSupport === 1 && account.supportEmail !== '' && shared
  return [...new Set(toSupport ? [account.supportEmail, ...administrators] : administrators)]
}

async function emailLicense(
  db: Db,
  delivery: OutboxDelivery,
  user: ApiUser,
  sign: Signer,
  input: ParsedInput<typeof declared.email>,
): Promise<LicenseEmailResult> {
  const { account } = await requireActivationAccess(db, user, input.customerNumber, { write: true })
  return await transact(db, async (tx) => {
    const host = await requireCustomerHost(tx, account.accountId, input)
    const parts = await currentParts(db, tx, user, host)
    const file = requireFile(host, parts, sign)
    const names = new Map(parts.map((p) => [p.account.accountId, p.account.accountName]))
    const to = await recipients(tx, account, file.shared)
    const id = await writeOutboxEmail(tx, delivery, {
      accountId: account.accountId,
      at: Date.now(),
      subject: licenseEmailSubject(host.name),
      to: to.join(', '),
      body: licenseEmailBody(host, file, account.accountName, names),
      kind: LICENSE_EMAIL_KIND,
      attachments: [{ fileName: file.licenseFileName, contentType: 'text/plain', content: file.licenseText }],
    })
    await recordAudit(tx, {
      actorEmail: user.email,
      accountId: account.accountId,
      area: 'activations',
      action: 'email licence',
      before: null,
      after: { host: host.identifier, emailId: id, fileName: file.licenseFileName, customers: file.customers, to },
    })
    return { sent: true as const, emailId: id, to }
  })
}

export function licenseFileCalls(calls: CallTable, { db, config }: ApiDeps) {
  const sign = licenseSigner(config.licenseSigningKey)

  calls.implement(declared.license, async ({ input, user }) => await customerLicense(db, user, sign, input))

  calls.implement(declared.download, async ({ input, user }) => {
    const { account } = await requireActivationAccess(db, user, input.customerNumber)
    const host = await requireCustomerHost(db, account.accountId, input)
    return requireFile(host, await currentParts(db, db, user, host), sign)
  })

  calls.implement(declared.preview, async ({ input, user }) => await preview(db, user, sign, input))

  calls.implement(declared.email, async ({ input, user }) => await emailLicense(db, config.mail, user, sign, input))
}
