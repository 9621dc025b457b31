/**
 * The activation calls of the licensing API (spec 3 sections 3 and 7): hosts,
 * the entitlements that can be activated on them, fulfilment operations, licence
 * files and the shared-server group. The contract between the API that keeps the
 * counts and the portal's editor and history screens.
 *
 * A host is named in requests by its ids (`serverId`, comma-separated, 1 or 3)
 * and their types (`serverIdType`, comma-separated, matching), as spec 3 writes
 * them; the API runs the host id checks on every such pair.
 */
import { PRODUCT_PREFIX } from './product'

export const HOST_STATES = ['ACTIVE', 'INACTIVE', 'UNKNOWN'] as const
export type HostState = (typeof HOST_STATES)[number]

/** The count of an entitlement activated on the host a request names. */
export const ACTIVATED_FIELD = `${PRODUCT_PREFIX}Activated` as const
/** The active fulfilments of an entitlement on that host. */
export const FULFILLMENTS_FIELD = `${PRODUCT_PREFIX}Fulfillments` as const
/** What is still free to activate anywhere: quantity minus every active fulfilment. */
export const AVAILABLE_FIELD = `${PRODUCT_PREFIX}available` as const
/** Whether the entitlement's licence model allows borrowing. */
export const BORROWED_FIELD = `${PRODUCT_PREFIX}borrowed` as const
/** A host's Borrowable flag. */
export const BORROWABLE_FIELD = `${PRODUCT_PREFIX}borrowable` as const

/** Spec 3 section 5: the refusal of a create that would activate more than was bought. */
export const OVER_AVAILABLE_MESSAGE = 'Activated number must be less or equal to Available number.'
/** Spec 3 section 6: what a view-only user is told when trying to change anything here. */
export const NOT_ENOUGH_PERMISSIONS = 'You do not have enough permissions for such operation.'
/** Spec 3 section 8: a customer's licence text when it has nothing on the host (tolerated unless it is the last customer). */
export const noDaemonsMessage = (serverId: string) => `No daemons with activations found for server ${serverId}`

/** A host as the editor and the history list it. */
export interface ServerSummary {
  /** The host's record id. */
  id: number
  /** One name, or three comma-separated for a triad. */
  name: string
  state: HostState
  /** 1 or 3 lowercase ids, comma-separated. */
  serverId: string
  /** The ids' types, comma-separated. */
  serverIdType: string
  portNumber: number
  triad: boolean
  [BORROWABLE_FIELD]: boolean
  /** The customer numbers of its shared-server group that the caller may see. */
  customers: string[]
}

/** A host named by its ids, as every host-scoped call takes it. */
export interface HostRef {
  serverId: string
  serverIdType: string
}

export interface FulfillmentRef {
  FulfillmentID: string
  FulfillCount: number
}

/**
 * An entitlement as the editor shows it (spec 3 section 3, Activation row), with
 * its counts on the host the request named. Dates are 'YYYY-MM-DD'; EndDate is
 * '' for a permanent entitlement.
 */
export interface ActivationRow {
  ActivationId: string
  ProductName: string
  /** The feature name. */
  Product: string
  LineItemQuantity: number
  [ACTIVATED_FIELD]: number
  [FULFILLMENTS_FIELD]: FulfillmentRef[]
  StartDate: string
  EndDate: string
  /** End of maintenance; '' when unknown. */
  VersionDate: string
  LicenseModel: string
  IsActivationPermanent: 'true' | 'false'
  Evaluation: boolean
  [BORROWED_FIELD]: boolean
  [AVAILABLE_FIELD]: number
  /** The vendor daemon group of its INCREMENT line. */
  Daemon: string
}

/** One entitlement's change on a host: a positive count to create, a negative one to return. */
export interface FulfillmentOperation {
  /** The activation id. */
  id: string
  count: number
}

/** What made a fulfilment: the editor, a rehost or a deactivation. */
export const FULFILLMENT_ACTIONS = ['EDIT', 'REHOST', 'DEACTIVATE'] as const

/** POST /fulfillments/create and /fulfillments/return: the fulfilments written (created) or made inactive (returned). */
export interface FulfillmentResult {
  fulfillments: (FulfillmentRef & { ActivationId: string })[]
}

/** POST /fulfillments/license and /fulfillments/download. */
export interface LicenseFile {
  licenseText: string
  licenseFileName: string
  /** More than one customer has active fulfilments on the host. */
  shared: boolean
  /** The customer numbers whose activations the text holds. */
  customers: string[]
}

/** POST /fulfillments/preview: the file as it is and as it would be after the operations. */
export interface LicensePreview {
  current: string
  proposed: string
}

/** POST /fulfillments/email. */
export interface LicenseEmailResult {
  sent: true
  emailId: number
  to: string[]
}

/** POST /fulfillments/servers/add (the activations service's "add server"). */
export interface AddServerRequest extends HostRef {
  customerNumber: string
  /** One name, or three comma-separated for a triad. */
  serverName: string
  portNumber?: number
}

export interface AddServerResult {
  server: ServerSummary
  /** An inactive host with the same identifier was made active under the new name. */
  reactivated: boolean
}

/** The reply of Manage Activations' deactivate, rehost and remove calls. */
export interface HostMoveResult {
  /** The host acted on, as it is afterwards. */
  from: ServerSummary
  /** The host a rehost moved to; null otherwise. */
  to: ServerSummary | null
  /** Fulfilments returned from `from`. */
  returned: number
  /** Fulfilments created on `to`. */
  created: number
}

/** POST /uploadserverid (multipart: file, customerNumber). */
export interface UploadedServer {
  serverName: string
  serverId: string
  serverIdType: string
  quorum: number
  numServers: number
}

/** The largest licence file /uploadserverid reads, in bytes. */
export const UPLOAD_LIMIT_BYTES = 256 * 1024

/** An account as the customer searches list it. */
export interface AccountRef {
  AccountID: string
  AccountName: string
}

/** POST /fulfillments/servers/export: a host's fulfilment history, oldest first. */
export interface HostHistory {
  serverId: string
  serverIdType: string
  name: string
  state: HostState
  fulfillments: HistoryFulfillment[]
}

export interface HistoryFulfillment {
  FulfillmentID: string
  ActivationId: string
  ProductName: string
  customerNumber: string
  /** Positive for an activation, negative for a return. */
  FulfillCount: number
  /** Epoch milliseconds. */
  time: number
  modifiedby: string
  action: string
  StartDate: string
  EndDate: string
}
