/**
 * The tables of the process's engine (db/engine.ts), written by `npm run db:schema:pg` (db/tables-source.ts).
 * Do not edit. Code that builds SQL for the licensing API imports its tables from here, not from db/schema.ts.
 */
import { ENGINE } from './engine'
import * as sqlite from './schema'
import * as postgres from './schema.pg'

const tables = (ENGINE === 'postgres' ? postgres : sqlite) as unknown as typeof sqlite

export const accountAccess = tables.accountAccess
export const accountChanges = tables.accountChanges
export const accounts = tables.accounts
export const auditLog = tables.auditLog
export const elasticServers = tables.elasticServers
export const emailAttachments = tables.emailAttachments
export const emailDeliveries = tables.emailDeliveries
export const emails = tables.emails
export const entitlements = tables.entitlements
export const featureFlags = tables.featureFlags
export const fsaContracts = tables.fsaContracts
export const fsaOrderLines = tables.fsaOrderLines
export const fsaProducts = tables.fsaProducts
export const fulfillments = tables.fulfillments
export const hostAccounts = tables.hostAccounts
export const hosts = tables.hosts
export const lowBalanceAlerts = tables.lowBalanceAlerts
export const notifications = tables.notifications
export const oidcModels = tables.oidcModels
export const rateLimits = tables.rateLimits
export const savedViews = tables.savedViews
export const sessions = tables.sessions
export const settings = tables.settings
export const usageDayCharges = tables.usageDayCharges
export const usageDayCounts = tables.usageDayCounts
export const usageLastReceived = tables.usageLastReceived
export const usageLongestSessions = tables.usageLongestSessions
export const usageSessions = tables.usageSessions
export const userFeatureFlags = tables.userFeatureFlags
export const users = tables.users
export const webAssignments = tables.webAssignments
export const webCheckouts = tables.webCheckouts
export const webGroupMembers = tables.webGroupMembers
export const webGroups = tables.webGroups
export const webTransactionDays = tables.webTransactionDays
export const webTransactions = tables.webTransactions
export const webUsageDays = tables.webUsageDays
export const webUserDays = tables.webUserDays
export const webUsers = tables.webUsers
