/** The address of a host's licence file as it is now (the resource route /activations/licence). */
export const licenceHref = (customerNumber: string, host: { serverId: string; serverIdType: string }) =>
  `/activations/licence?${new URLSearchParams({ customer: customerNumber, serverId: host.serverId, serverIdType: host.serverIdType })}`
