/**
 * A usage session as the fetchUsage calls of the licensing API return it (spec 2
 * section 3, Usage record attributes): the contract the API's list columns, the
 * portal's calls, the Usage Transactions grid and its CSV export all use.
 */
import { productField } from './product'

/** The vendor-prefixed cloud job id attribute; the only column the hidden-column probe checks (spec 2 section 9). */
export const CLOUD_JOB_FIELD = productField('CloudJobId')

/** Attributes sent as EQUALS with a parsed number (spec 2 section 5, Numeric usage columns). */
export const NUMERIC_USAGE_FIELDS = ['ProductCount', 'Count', 'Length', 'Charge', 'Hours'] as const

export type UsageRow = {
  /** 'YYYY-MM-DD HH:mm:ss', UTC. */
  StartTime: string
  /** 'YYYY-MM-DD HH:mm:ss', UTC; '' while the session is active. */
  EndTime: string
  /** Epoch milliseconds. */
  StartTime_ts: number
  /** Epoch milliseconds; null while the session is active. */
  EndTime_ts: number | null
  ProductCount: number
  Count: number
  /** Seconds; null while active. */
  Length: number | null
  User: string
  Product: string
  Host: string
  /** The session id. */
  DeviceID: string
  SessionStatus: string
  ServerID: string
  FeatureFno: string
  IP_ADDRESS: string
  REFERER_IP_ADDRESS: string
  ProductLine: string
  RateFileVersion: string
  PID: string
  /** The customer number. */
  Account: string
  Acquisition: string
  /** True for a session without an end time. */
  Active: boolean
  ConsumerID: string
  /** The elastic entitlement the session is charged against. */
  ActivationID: string
  Feature: string
  Project: string
  productVersion: string
  /** From the session length. */
  Hours: number
  /** From the hours, the product count and the rate of the product in the entitlement's rate table. */
  Charge: number
  Currency: string
} & { [K in typeof CLOUD_JOB_FIELD]: string | null }

export type UsageField = keyof UsageRow & string
