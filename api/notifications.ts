/**
 * API: service alerts. Notifications are global, not per customer: any
 * signed-in user reads them. POST /notifications pages through them with the
 * list engine; GET /notifications answers the active ones (status ACTIVE and
 * not expired, measured against the server's clock).
 */
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { prepared } from '../db/query'
import { notifications } from '../db/tables'
import { NOTIFICATIONS_MAX_SIZE, toApiDateText } from '../app/domain/alerts'
import type { ApiDeps } from './index'
import type { CallTable } from './call-table'
import { alertCalls } from './contract/alerts'
import { implementList } from './list-calls'
import { preparedPerDb } from './prepared'
import type { ListSource } from './list-engine'

const columns = {
  id: notifications.id,
  category: notifications.category,
  status: notifications.status,
  date: notifications.date,
  expires: notifications.expires,
  description: notifications.description,
  service: notifications.service,
  title: notifications.title,
}

export function notificationList(db: Db): ListSource {
  return {
    columns,
    fields: { ...columns, links: notifications.links },
    defaultSort: [{ name: 'date', direction: 'desc' }],
    uniqueKey: ['id'],
    query: (fields) => db.select(fields).from(notifications).$dynamic(),
  }
}

/** Status ACTIVE and no expiry or one later than `now`. */
export async function activeNotifications(db: Db, now: Date) {
  return await activeStatement(db).all({ now: toApiDateText(now) })
}

/** Every page's alert banner reads the active alerts. */
const activeStatement = preparedPerDb((db) =>
  prepared(
    db
      .select({ ...columns, links: notifications.links })
      .from(notifications)
      .where(
        and(
          eq(notifications.status, 'ACTIVE'),
          or(isNull(notifications.expires), gt(notifications.expires, sql.placeholder('now'))),
        ),
      )
      .orderBy(desc(notifications.date), notifications.id)
      .limit(NOTIFICATIONS_MAX_SIZE),
  ),
)

export function notificationCalls(calls: CallTable, { db }: ApiDeps) {
  calls.implement(alertCalls.active, async () => await activeNotifications(db, new Date()))
  implementList(calls, alertCalls.list, () => notificationList(db))
}
