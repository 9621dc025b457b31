/**
 * Answers about who may use what: the people with portal access to the customer and their roles
 * (Licensing Portal Access' call), and the elastic licence server's IP allow-list (Elastic IP
 * Settings' calls: the customer's first activated server, then its list).
 */
import { portalAccessCalls } from '../../api-client/portal-access.server'
import { elasticCalls } from '../../api-client/elastic.server'
import { withCustomer } from '../../ui/customer-href'
import { screenPath } from '../../screens/registry'
import { answered, failed, screenLink, type AreaAnswers } from './deps'
import { accessUsersText, allowListText, noneText } from './wording'

const accessUsers: AreaAnswers['access.users'] = async (u, deps) => {
  const link = screenLink(
    'portalAccess',
    withCustomer(screenPath('portalAccess'), deps.customer.number),
    'who has access',
  )
  const reply = await portalAccessCalls(deps.api).getPortalAccess(deps.customer.number)
  if (reply.status !== 'SUCCESS') return failed(reply, link, u, deps)
  return answered(accessUsersText(deps.customer.name, reply.data), link, u, deps)
}

const allowList: AreaAnswers['ip.allowList'] = async (u, deps) => {
  const link = screenLink(
    'elasticIpSettings',
    withCustomer(screenPath('elasticIpSettings'), deps.customer.number),
    'the allow-list',
  )
  const calls = elasticCalls(deps.api)
  const server = await calls.firstServer(deps.customer.number, deps.customer.name)
  if (server.status !== 'SUCCESS') return failed(server, link, u, deps)
  if (!server.data) return answered(noneText(deps.customer.name, 'activated elastic licence server'), link, u, deps)
  const ips = await calls.getIps(deps.customer.number, server.data.deviceId)
  if (ips.status !== 'SUCCESS') return failed(ips, link, u, deps)
  return answered(
    allowListText(ips.data.whitelist.map((r) => ({ name: r.rulename, address: r.ipaddress }))),
    link,
    u,
    deps,
  )
}

export const accessAnswers: AreaAnswers = { 'access.users': accessUsers, 'ip.allowList': allowList }
