import type { DemoStep } from './seed'
import { notifications } from './tables'
import { toApiDateText } from '../app/domain/alerts'

type NewNotification = typeof notifications.$inferInsert

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const ELS = { els: 'Elastic Licensing' }
const PORTAL = { portal: 'Licensing Portal' }
const CLS = { cls: 'Cloud Licensing Server' }
const FNP = { fnp: 'FlexNet Licensing' }
const STATUS_PAGE = 'https://status.example.com'

/**
 * The demo alerts, dated relative to `now` so that a freshly seeded database
 * always shows: an outage, a degradation, planned maintenance inside the 5-day
 * info window (and one outside it), an information item, resolved alerts in
 * every category over the last weeks, and an active alert that has already
 * expired (which must not show anywhere).
 */
export function demoNotifications(now: number): NewNotification[] {
  const t = Math.floor(now / MINUTE) * MINUTE
  const row = (
    category: string,
    status: string,
    start: number,
    end: number | null,
    title: string,
    description: string,
    service: Record<string, string>,
    links: Record<string, string> = {},
  ): NewNotification => ({
    category,
    status,
    date: toApiDateText(new Date(t + start)),
    expires: end === null ? null : toApiDateText(new Date(t + end)),
    title,
    description,
    service,
    links,
  })
  return [
    // Active
    row(
      'CRITICAL',
      'ACTIVE',
      -2 * HOUR - 15 * MINUTE,
      4 * HOUR,
      'Elastic licensing outage',
      'Elastic licence check-outs fail for some customers in the EU region. Engineers are restoring the service.',
      ELS,
      { 'Status page': `${STATUS_PAGE}/incidents/els-outage` },
    ),
    row(
      'WARNING',
      'ACTIVE',
      -1 * DAY - 3 * HOUR,
      null,
      'Slow licence downloads',
      'Downloading licence files from the portal takes longer than usual.',
      { ...PORTAL, ...CLS },
    ),
    row(
      'INFO',
      'ACTIVE',
      2 * DAY + 6 * HOUR,
      2 * DAY + 10 * HOUR,
      'FlexNet Licensing maintenance',
      'Planned maintenance of the FlexNet licensing back end. Licence activations are unavailable during the window.',
      FNP,
      { 'Maintenance notice': `${STATUS_PAGE}/maintenance/fnp` },
    ),
    row(
      'INFO',
      'ACTIVE',
      10 * DAY,
      10 * DAY + 3 * HOUR,
      'Portal upgrade',
      'Upgrade of the Licensing Portal to a new release.',
      PORTAL,
    ),
    row(
      'OK',
      'ACTIVE',
      -3 * DAY,
      20 * DAY,
      'New licence server release',
      'A new Cloud Licensing Server release is available for download.',
      CLS,
      { 'Release notes': 'https://docs.example.com/licensing/release-notes' },
    ),
    // Active by status but already over: shown nowhere.
    row(
      'WARNING',
      'ACTIVE',
      -10 * DAY,
      -8 * DAY,
      'Intermittent portal errors',
      'Some portal pages answered with errors.',
      PORTAL,
    ),
    // Resolved
    row(
      'CRITICAL',
      'RESOLVED',
      -4 * DAY - 5 * HOUR,
      -4 * DAY - 2 * HOUR - 20 * MINUTE,
      'Cloud licensing outage',
      'The Cloud Licensing Server did not accept connections. Service was restored.',
      { ...CLS, ...ELS },
      { 'Incident report': `${STATUS_PAGE}/incidents/cls-outage` },
    ),
    row(
      'WARNING',
      'RESOLVED',
      -9 * DAY - 8 * HOUR,
      -9 * DAY - 1 * HOUR,
      'Delayed usage reports',
      'Elastic usage transactions appeared with a delay of up to two hours.',
      ELS,
    ),
    row(
      'INFO',
      'RESOLVED',
      -14 * DAY - 2 * HOUR,
      -14 * DAY + 1 * HOUR + 30 * MINUTE,
      'Database maintenance',
      'Planned database maintenance of the Licensing Portal.',
      PORTAL,
      { 'Maintenance notice': `${STATUS_PAGE}/maintenance/db` },
    ),
    row(
      'OK',
      'RESOLVED',
      -21 * DAY,
      -7 * DAY,
      'New sign-in page',
      'The portal moved to the new single sign-on page.',
      PORTAL,
    ),
    row(
      'CRITICAL',
      'RESOLVED',
      -28 * DAY - 6 * HOUR,
      -27 * DAY - 2 * HOUR,
      'FlexNet Licensing outage',
      'Licence activations failed. The FlexNet licensing back end was restored.',
      FNP,
    ),
    // Resolved, but its end is still ahead: not in the resolved list yet.
    row(
      'WARNING',
      'RESOLVED',
      -1 * HOUR,
      1 * HOUR,
      'Credential changes delayed',
      'Changes to elastic credentials take a few minutes to apply.',
      ELS,
    ),
  ]
}

/** Demo data: service alerts. */
export function notificationsStep(now = Date.now()): DemoStep {
  return {
    name: 'service alerts',
    run: async ({ tx }) => {
      await tx.insert(notifications).values(demoNotifications(now))
    },
  }
}
