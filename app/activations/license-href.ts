/** The address of a host's licence file as it is now (the resource route /activations/license). */
export const licenseHref = (customerNumber: string, host: { serverId: string; serverIdType: string }) =>
  `/activations/license?${new URLSearchParams({ customer: customerNumber, serverId: host.serverId, serverIdType: host.serverIdType })}`
