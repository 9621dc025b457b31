/**
 * Answers from the messages: the service alerts active now (the banner's and Alerts' call), and the
 * e-mails sent to the customer about a subject (Emails' list, filtered on the subject as its grid
 * filters it).
 */
import { emailCalls } from '../../api-client/emails.server'
import { getActiveNotifications } from '../../api-client/notifications.server'
import { filterRule } from '../../grid/grid-state'
import { emailGrid } from '../../grid/emails'
import { withCustomer } from '../../ui/customer-href'
import { screenPath } from '../../screens/registry'
import { answered, failed, screenLink, type AreaAnswers } from './deps'
import { emailsAboutView, gridView, gridViewHref } from './links'
import { alertsText, emailsText } from './wording'

const activeAlerts: AreaAnswers['alerts.active'] = async (u, deps) => {
  const link = screenLink('alerts', withCustomer(screenPath('alerts'), deps.customer.number), 'the active alerts')
  const reply = await getActiveNotifications(deps.api)
  if (reply.status !== 'SUCCESS') return failed(reply, link, u, deps)
  return answered(alertsText(reply.data), link, u, deps)
}

const emailsAbout: AreaAnswers['emails.about'] = async (u, deps) => {
  const topic = u.entities.topic?.trim() ?? ''
  const all = screenLink('emails', withCustomer(screenPath('emails'), deps.customer.number), 'the e-mails')
  if (!topic) return answered('Which subject do you mean? Say a word of the e-mails’ subject.', all, u, deps)
  const period = u.entities.period
  const view = emailsAboutView(topic, period)
  const link = screenLink(
    'emails',
    gridViewHref('emails', emailGrid, deps.customer.number, view),
    `the e-mails about '${topic}'`,
  )
  const filter = filterRule(emailGrid, gridView(emailGrid, view).filters)
  const calls = emailCalls(deps.api)
  const [count, latest] = await Promise.all([
    calls.count(deps.customer.number, filter),
    calls.list(deps.customer.number, { filter, sorting: [{ name: 'date', direction: 'desc' }], limit: 1 }),
  ])
  if (count.status !== 'SUCCESS') return failed(count, link, u, deps)
  if (latest.status !== 'SUCCESS') return failed(latest, link, u, deps)
  return answered(emailsText(topic, count.data, latest.data[0] ?? null, period?.text), link, u, deps)
}

export const messageAnswers: AreaAnswers = { 'alerts.active': activeAlerts, 'emails.about': emailsAbout }
