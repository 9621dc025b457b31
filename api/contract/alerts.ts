/** Service alerts (notifications): global, not per customer, readable by every signed-in user. */
import { z } from 'zod'
import { NOTIFICATIONS_MAX_SIZE } from '../../app/domain/alerts'
import { declareCall, replyObject } from './define'
import { declareList } from './lists'

const TAG = 'Alerts'

/** An alert; a category or status the portal does not know is shown as the mildest (OK) one. */
export const notification = replyObject({
  id: z.number().int(),
  /** CRITICAL, WARNING, INFO or OK. */
  category: z.string(),
  /** ACTIVE or RESOLVED. */
  status: z.string(),
  /** Start, 'YYYY-MM-DD HH:mm:ss' UTC. */
  date: z.string(),
  /** Expected or actual end, same format; null when open-ended. */
  expires: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  /** Affected services: key -> display name. */
  service: z.record(z.string(), z.string()),
  /** Label -> URL. */
  links: z.record(z.string(), z.string()),
})

export const alertCalls = {
  active: declareCall({
    method: 'GET',
    path: '/notifications',
    tag: TAG,
    summary: 'The active alerts: status ACTIVE and not expired by the service’s clock',
    description: `The latest first, at most ${NOTIFICATIONS_MAX_SIZE}.`,
    access: 'read',
    caller: 'user',
    input: z.object({}),
    reply: z.array(notification).max(NOTIFICATIONS_MAX_SIZE),
  }),
  list: declareList({
    path: '/notifications',
    tag: TAG,
    rows: 'alerts, active and resolved',
    row: notification,
    caller: 'user',
  }),
}
