/**
 * What POST /home/summary answers for the selected customer: the Home page's
 * cards and the figures of each. A card `homeCards` does not give the user is
 * null, so its figures never reach someone who may not see it. And what POST
 * /home/customers answers: the user's customers with a few of those figures.
 * Types only.
 */
import type { CreditForecast, ThresholdState } from './credit-forecast'
import type { CustomerFigures, DayRange, HomeCard } from './home-cards'

/** One active elastic entitlement, with the figures /entitlements/forecast answers for it. */
export interface HomeElasticCredit {
  activationId: string
  /** The feature name Elastic Licensing names the entitlement by (`product` of the forecast call). */
  product: string
  /** The entitlement's product name (ProductName of the entitlement lists). */
  productName: string
  /** Remaining of the forecast call (rounded to 1 decimal, between 0 and the quantity). */
  remaining: number
  /** LineItemQuantity. */
  quantity: number
  currency: string
  /** The forecast's verdict. */
  forecast: CreditForecast['kind']
  /** The day the credit runs out at the last 30 days' rate; null unless the forecast is 'runs-out'. */
  runsOutOn: string | null
  /** The low-balance threshold; null when none is set. */
  threshold: number | null
  thresholdState: ThresholdState
}

/** An entitlement that ends within the window, and the day it ends (or its maintenance ends). */
export interface HomeEndingItem {
  activationId: string
  productName: string
  /** 'YYYY-MM-DD'. */
  date: string
}

export interface HomeEndingGroup {
  /** How many end within the window. */
  count: number
  /** The soonest of them (at most 5), soonest first. */
  soonest: HomeEndingItem[]
}

/** What ends from today to `windowDays` days ahead, both counted. */
export interface HomeEnding {
  windowDays: number
  /** Leases (SSL, Deployed, not permanent) by end date. */
  leases: HomeEndingGroup
  /** FSA contracts (Deployed) by end date; none for a customer without FSA. */
  fsaContracts: HomeEndingGroup
  /** Perpetuals (SSL, Deployed, permanent) by maintenance end (the version date). */
  perpetuals: HomeEndingGroup
}

/** The latest activation change on the customer's hosts: one of its fulfilments made or returned. */
export interface HomeHostChange {
  /** Epoch milliseconds. */
  time: number
  /** Who made it (the fulfilment's modifiedBy, or returnedBy for a return). */
  by: string
  /** The host's record id (Manage Activations opens its history by it). */
  hostId: number
  hostName: string
  /** Whether the host is ACTIVE now (listed under Active Servers, else Inactive Servers). */
  hostActive: boolean
  /** The fulfilment's action (ACTIVATE, REHOST, EDIT ...), or RETURN when it was returned, as the host history shows it. */
  action: string
  /** The count: positive activated, negative returned. */
  count: number
  activationId: string
  productName: string
}

export interface HomeHosts {
  /** The customer's hosts in the ACTIVE state (those /fulfillments/servers lists as ACTIVE). */
  active: number
  lastChange: HomeHostChange | null
}

export interface HomeUsageDay {
  /** 'YYYY-MM-DD' (UTC). */
  day: string
  /** The charges of the sessions that ended on the day. */
  cost: number
}

export interface HomeUsageWindow extends DayRange {
  total: number
}

export interface HomeUsage {
  /** The 14 days ending today, oldest first, every day present. */
  days: HomeUsageDay[]
  /** weekWindows(today): today and the 6 days before, and the 7 before them. */
  current: HomeUsageWindow
  previous: HomeUsageWindow
  /** The currency of the charges; null when there is none and no elastic entitlement names one. */
  currency: string | null
}

export interface HomeAlert {
  id: number
  title: string
  /** OK, INFO, WARNING or CRITICAL, as the notification row has it. */
  category: string
  /** Start, 'YYYY-MM-DD HH:mm:ss' (UTC). */
  date: string
}

export interface HomeAlerts {
  /** Active service alerts (status ACTIVE, not expired). */
  count: number
  /** The newest (at most 3), newest first. */
  newest: HomeAlert[]
}

export interface HomeEmail {
  id: number
  /** 'YYYY-MM-DD HH:mm:ss' (UTC). */
  date: string
  subject: string
}

/** One web entitlement on the Home card: seats, those in use now and the verdict of the last 30 days. */
export interface HomeWebEntitlement {
  activationId: string
  productName: string
  seats: number
  inUse: number
  verdict: { kind: 'denied' | 'spare-seats' | 'full-use' | 'not-used'; text: string }
}

export interface HomeWeb {
  /** Seats checked out now, over all web entitlements. */
  inUse: number
  seats: number
  /** Checkouts refused in the last 7 days (today and the 6 before), for any reason. */
  deniedLast7: number
  entitlements: HomeWebEntitlement[]
}

export interface HomeSummary {
  customerNumber: string
  /** The server's UTC day the figures are counted against. */
  today: string
  cards: HomeCard[]
  /** Active elastic entitlements, in the order of the forecast call. */
  elastic: HomeElasticCredit[] | null
  ending: HomeEnding | null
  hosts: HomeHosts | null
  usage: HomeUsage | null
  alerts: HomeAlerts | null
  /** The latest e-mails (at most 3), as the e-mail list orders them. */
  emails: HomeEmail[] | null
  web: HomeWeb | null
  /** Whether the user may pick another customer than this one (as /getaccounts lists them). */
  severalCustomers: boolean
}

export interface HomeCustomers {
  /** How many customers the user may pick (as /getaccounts counts them). */
  count: number
  /** The customers with their figures, by number; null when count > CUSTOMER_LIST_MAX (the portal shows its search instead). */
  customers: CustomerFigures[] | null
}
