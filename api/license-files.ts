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
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { hosts } from '../db/schema'
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
function storeBorrowable(db: Db, user: ApiUser, account: Account, viewOnly: boolean, host: Host, wanted: boolean) {
  if ((host.borrowable === 1) === wanted) return host
  if (viewOnly) throw forbidden(NOT_ENOUGH_PERMISSIONS)
  return db.transaction(
    (tx) => {
      const updated = tx
        .update(hosts)
        .set({ borrowable: wanted ? 1 : 0 })
        .where(eq(hosts.id, host.id))
        .returning()
        .get()
      recordAudit(tx, {
        actorEmail: user.email,
        accountId: account.accountId,
        area: 'hosts',
        action: 'borrowable',
        before: { host: host.identifier, [BORROWED_FIELD]: host.borrowable === 1 },
        after: { host: host.identifier, [BORROWED_FIELD]: wanted },
      })
      return updated
    },
    { behavior: 'immediate' },
  )
}

function customerLicense(db: Db, user: ApiUser, sign: Signer, input: LicenseInput): LicenseFile {
  const { account, viewOnly } = requireActivationAccess(db, user, input.customerNumber)
  let host = requireCustomerHost(db, account.accountId, input)
  const wanted = input[BORROWED_FIELD]
  if (wanted !== undefined) host = storeBorrowable(db, user, account, viewOnly, host, wanted)
  return requireFile(host, [{ account, products: licenseProducts(db, host, account.accountId) }], sign)
}

function preview(db: Db, user: ApiUser, sign: Signer, input: ParsedInput<typeof declared.preview>): LicensePreview {
  const { account } = requireActivationAccess(db, user, input.customerNumber)
  const host = requireCustomerHost(db, account.accountId, input)
  const today = todayUtc()
  const text = (file: LicenseFile | null) => file?.licenseText ?? ''
  return {
    current: text(licenseFile(host, currentParts(db, db, user, host), sign, today)),
    proposed: text(licenseFile(host, partsAfter(db, db, user, host, input.changes), sign, today)),
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
function recipients(tx: Tx, account: Account, shared: boolean): string[] {
  const administrators = administratorAddresses(tx, account)
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
  const toSupport = account.sharedServerSupport === 1 && account.supportEmail !== '' && shared
  return [...new Set(toSupport ? [account.supportEmail, ...administrators] : administrators)]
}

function emailLicense(
  db: Db,
  delivery: OutboxDelivery,
  user: ApiUser,
  sign: Signer,
  input: ParsedInput<typeof declared.email>,
): LicenseEmailResult {
  const { account } = requireActivationAccess(db, user, input.customerNumber, { write: true })
  return db.transaction(
    (tx) => {
      const host = requireCustomerHost(tx, account.accountId, input)
      const parts = currentParts(db, tx, user, host)
      const file = requireFile(host, parts, sign)
      const names = new Map(parts.map((p) => [p.account.accountId, p.account.accountName]))
      const to = recipients(tx, account, file.shared)
      const id = writeOutboxEmail(tx, delivery, {
        accountId: account.accountId,
        at: Date.now(),
        subject: licenseEmailSubject(host.name),
        to: to.join(', '),
        body: licenseEmailBody(host, file, account.accountName, names),
        kind: LICENSE_EMAIL_KIND,
        attachments: [{ fileName: file.licenseFileName, contentType: 'text/plain', content: file.licenseText }],
      })
      recordAudit(tx, {
        actorEmail: user.email,
        accountId: account.accountId,
        area: 'activations',
        action: 'email licence',
        before: null,
        after: { host: host.identifier, emailId: id, fileName: file.licenseFileName, customers: file.customers, to },
      })
      return { sent: true as const, emailId: id, to }
    },
    { behavior: 'immediate' },
  )
}

export function licenseFileCalls(calls: CallTable, { db, config }: ApiDeps) {
  const sign = licenseSigner(config.licenseSigningKey)

  calls.implement(declared.license, ({ input, user }) => customerLicense(db, user, sign, input))

  calls.implement(declared.download, ({ input, user }) => {
    const { account } = requireActivationAccess(db, user, input.customerNumber)
    const host = requireCustomerHost(db, account.accountId, input)
    return requireFile(host, currentParts(db, db, user, host), sign)
  })

  calls.implement(declared.preview, ({ input, user }) => preview(db, user, sign, input))

  calls.implement(declared.email, ({ input, user }) => emailLicense(db, config.mail, user, sign, input))
}
