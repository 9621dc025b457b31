/**
 * The activation calls of the licensing API (spec 3 section 7, Activations):
 * hosts and their shared-server group, the entitlements on a host, fulfilment
 * operations, licence files, and Upload from license.
 */
import type { AddServerRequest, HostRef } from '../domain/activation-types'
import type { CallInput } from '../../api/contract/define'
import { fulfillmentCalls } from '../../api/contract/fulfillments'
import { hostCalls } from '../../api/contract/hosts'
import { licenseFileCalls } from '../../api/contract/license-files'
import type { ApiClient } from './client.server'
import type { FilterRule } from './envelope'

/** A host named as the group calls name it. */
const groupRef = (customerNumber: string, host: HostRef) => ({
  customerNumber,
  hostId: host.serverId,
  hostIdType: host.serverIdType,
})

export function activationCalls(api: ApiClient) {
  return {
    servers: (customerNumber: string) => api.send(hostCalls.servers, { customerNumber }),
    addServer: (request: AddServerRequest) => api.send(hostCalls.addServer, request),
    /** The customers of a host's group the user is shown. */
    hostCustomers: (customerNumber: string, host: HostRef) =>
      api.send(hostCalls.hostCustomers, groupRef(customerNumber, host)),
    /** Whether the host's group has customers the user does not manage (the override warning). */
    override: (customerNumber: string, host: HostRef) => api.send(hostCalls.override, groupRef(customerNumber, host)),
    /** Every activatable entitlement with its counts on the host (serverId '' for a host not yet saved). */
    allEntitlements: (request: CallInput<typeof fulfillmentCalls.allEntitlements>) =>
      api.send(fulfillmentCalls.allEntitlements, request),
    /** The entitlements activated on the host. */
    hostEntitlements: (request: CallInput<typeof fulfillmentCalls.hostEntitlements>) =>
      api.send(fulfillmentCalls.hostEntitlements, request),
    create: (request: CallInput<typeof fulfillmentCalls.create>) => api.send(fulfillmentCalls.create, request),
    return: (request: CallInput<typeof fulfillmentCalls.return>) => api.send(fulfillmentCalls.return, request),
    /** One customer's licence text for the host. */
    license: (request: CallInput<typeof licenseFileCalls.license>) => api.send(licenseFileCalls.license, request),
    /** The host's merged licence file. */
    download: (request: CallInput<typeof licenseFileCalls.download>) => api.send(licenseFileCalls.download, request),
    preview: (request: CallInput<typeof licenseFileCalls.preview>) => api.send(licenseFileCalls.preview, request),
    email: (request: CallInput<typeof licenseFileCalls.email>) => api.send(licenseFileCalls.email, request),
    history: (customerNumber: string, hostRecordIds: number[]) =>
      api.send(hostCalls.history, { customerNumber, hostIds: hostRecordIds.join(',') }),
    /** Every activation on the host returned and the host inactive (Manage Activations' Deactivate). */
    deactivateHost: (customerNumber: string, host: HostRef) =>
      api.send(hostCalls.deactivate, groupRef(customerNumber, host)),
    /** The host's activations moved to the target host, the old host inactive. */
    rehost: (customerNumber: string, host: HostRef, target: HostRef & { serverName: string }) =>
      api.send(hostCalls.rehost, { ...groupRef(customerNumber, host), ...target }),
    /** An inactive host deleted from the customer's hosts. */
    removeHost: (customerNumber: string, host: HostRef) => api.send(hostCalls.remove, groupRef(customerNumber, host)),
    setGroup: (customerNumber: string, host: HostRef, group: string[]) =>
      api.send(hostCalls.setGroup, { ...groupRef(customerNumber, host), group }),
    deactivateGroup: (customerNumber: string, host: HostRef) =>
      api.send(hostCalls.deactivateGroup, groupRef(customerNumber, host)),
    leaveGroup: (customerNumber: string, host: HostRef) =>
      api.send(hostCalls.leaveGroup, groupRef(customerNumber, host)),
    /** The user's accounts, up to `limit` (2 tells whether there is more than one). */
    accounts: (limit = 2) => api.send(hostCalls.accounts, { limit }),
    /** Accounts whose name or number contains the text (the Associated Customers search). */
    searchAccounts: (text: string, limit = 100) => {
      const filter: FilterRule = {
        condition: 'ANY',
        criteria: ['AccountName', 'AccountID'].map((name) => ({
          name,
          method: 'contains',
          value: text,
          casefold: true,
        })),
      }
      return api.send(hostCalls.customerAccounts, { filter, limit })
    },
    /** Check a licence file's text: genuine lines, what it grants, and whether it is current. Reads only. */
    checkLicense: (licenseText: string) => api.send(licenseFileCalls.check, { licenseText }),
    upload: (customerNumber: string, file: File) => {
      const form = new FormData()
      form.set('customerNumber', customerNumber)
      form.set('file', file)
      return api.sendForm(hostCalls.upload, form)
    },
  }
}

export type ActivationCalls = ReturnType<typeof activationCalls>
