/**
 * The PostgreSQL tables, written from db/schema.ts by `npm run db:schema:pg` (db/pg-schema-source.ts).
 * Do not edit: change db/schema.ts, make SQLite's migration, then run the command (it makes PostgreSQL's).
 */
import { sql } from 'drizzle-orm'
import { bigint, check, doublePrecision, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { jsonText } from './pg-json-text'

export const accountAccess = pgTable(
  'account_access',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    role: text('role').notNull().default(''),
    isFnpLicenseGenerator: bigint('is_fnp_license_generator', { mode: 'number' }).notNull().default(0),
    isSales: bigint('is_sales', { mode: 'number' }).notNull().default(0),
    isSalesAccess: bigint('is_sales_access', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('account_access_account_idx').on(t.accountId)],
)

export const accountChanges = pgTable('account_changes', {
  accountId: text('account_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
})

export const accounts = pgTable(
  'accounts',
  {
    accountId: text('account_id').primaryKey(),
    accountName: text('account_name').notNull(),
    orgType: text('org_type').notNull().default('Undefined'),
    exportControlStatus: text('export_control_status').notNull().default(''),
    hasSsl: bigint('has_ssl', { mode: 'number' }).notNull().default(0),
    hasSharedLicense: bigint('has_shared_license', { mode: 'number' }).notNull().default(0),
    hasNamedLicense: bigint('has_named_license', { mode: 'number' }).notNull().default(0),
    sharedServerSupport: bigint('shared_server_support', { mode: 'number' }).notNull().default(0),
    hasFsa: bigint('has_fsa', { mode: 'number' }).notNull().default(0),
    hasElastic: bigint('has_elastic', { mode: 'number' }).notNull().default(0),
    accessDisabled: bigint('access_disabled', { mode: 'number' }).notNull().default(0),
    supportEmail: text('support_email').notNull().default(''),
  },
  (t) => [index('accounts_name_idx').on(t.accountName)],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: bigint('at', { mode: 'number' }).notNull(),
    actorEmail: text('actor_email').notNull(),
    accountId: text('account_id').notNull(),
    area: text('area').notNull(),
    action: text('action').notNull(),
    before: jsonText('before'),
    after: jsonText('after'),
  },
  (t) => [index('audit_log_account_idx').on(t.accountId, t.at)],
)

export const elasticServers = pgTable(
  'elastic_servers',
  {
    deviceId: text('device_id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    activated: bigint('activated', { mode: 'number' }).notNull().default(1),
    pin: text('pin'),
    usernames: jsonText('usernames')
      .notNull()
      .default(sql`'[]'`),
    whitelist: jsonText('whitelist')
      .notNull()
      .default(sql`'[]'`),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('elastic_servers_account_idx').on(t.accountId)],
)

export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    emailId: bigint('email_id', { mode: 'number' })
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: text('content').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
)

export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    emailId: bigint('email_id', { mode: 'number' })
      .primaryKey()
      .references(() => emails.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    messageId: text('message_id').notNull(),
    queuedAt: bigint('queued_at', { mode: 'number' }).notNull(),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }),
    lastAttemptAt: bigint('last_attempt_at', { mode: 'number' }),
    claimToken: text('claim_token'),
    claimedUntil: bigint('claimed_until', { mode: 'number' }),
    sentAt: bigint('sent_at', { mode: 'number' }),
    answer: text('answer'),
  },
  (t) => [index('email_deliveries_due_idx').on(t.state, t.nextAttemptAt)],
)

export const emails = pgTable(
  'emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    subject: text('subject').notNull(),
    to: text('to_address').notNull(),
    body: text('body').notNull(),
    kind: text('kind').notNull().default('general'),
    deletedAt: bigint('deleted_at', { mode: 'number' }),
  },
  (t) => [index('emails_account_date_idx').on(t.accountId, t.date)],
)

export const entitlements = pgTable(
  'entitlements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    activationId: text('activation_id').notNull().unique(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    state: text('state').notNull(),
    entitlementName: text('entitlement_name').notNull(),
    product: text('product').notNull(),
    productName: text('product_name').notNull(),
    licenseModel: text('license_model').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    quantity: doublePrecision('quantity').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    versionDate: text('version_date'),
    evaluation: bigint('evaluation', { mode: 'number' }).notNull().default(0),
    poNumber: text('po_number').notNull().default(''),
    currency: text('currency').notNull().default(''),
    price: doublePrecision('price'),
    rateTableVersion: text('rate_table_version'),
    vendorDaemon: text('vendor_daemon').notNull().default(''),
    borrowable: bigint('borrowable', { mode: 'number' }).notNull().default(0),
    used: doublePrecision('used').notNull().default(0),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('entitlements_account_type_end_idx').on(t.accountId, t.type, t.endDate),
    check('entitlements_quantity_check', sql`${t.quantity} >= 0`),
    check('entitlements_used_check', sql`${t.used} >= 0`),
  ],
)

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
  defaultEnabled: bigint('default_enabled', { mode: 'number' }).notNull().default(0),
  path: text('path'),
  conflicts: jsonText('conflicts')
    .notNull()
    .default(sql`'[]'`),
  sortOrder: bigint('sort_order', { mode: 'number' }).notNull().default(0),
})

export const fsaContracts = pgTable('fsa_contracts', {
  entitlementId: bigint('entitlement_id', { mode: 'number' })
    .primaryKey()
    .references(() => entitlements.id, { onDelete: 'cascade' }),
  orderId: text('order_id').notNull(),
  busopsEmails: text('busops_emails').notNull().default(''),
})

export const fsaOrderLines = pgTable(
  'fsa_order_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: text('order_id').notNull(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    entitlementId: bigint('entitlement_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    bpn: text('bpn').notNull(),
    productName: text('product_name').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    cost: doublePrecision('cost').notNull(),
    currency: text('currency').notNull(),
    manual: bigint('manual', { mode: 'number' }).notNull().default(0),
    requesterEmail: text('requester_email').notNull(),
    orderedAt: bigint('ordered_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('fsa_order_lines_account_idx').on(t.accountId, t.orderedAt),
    check('fsa_order_lines_cost_check', sql`${t.cost} >= 0`),
    check('fsa_order_lines_count_check', sql`${t.count} > 0`),
  ],
)

export const fsaProducts = pgTable(
  'fsa_products',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    bpn: text('bpn').notNull(),
    product: text('product').notNull(),
    productName: text('product_name').notNull(),
    price7Days: doublePrecision('price_7_days'),
    price30Days: doublePrecision('price_30_days'),
    price60Days: doublePrecision('price_60_days'),
    price90Days: doublePrecision('price_90_days'),
    price180Days: doublePrecision('price_180_days'),
    price1Year: doublePrecision('price_1_year'),
    vendorDaemon: text('vendor_daemon').notNull().default(''),
    withdrawn: bigint('withdrawn', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('fsa_products_contract_idx').on(t.contractId, t.bpn)],
)

export const fulfillments = pgTable(
  'fulfillments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    fulfillmentId: text('fulfillment_id').notNull().unique(),
    entitlementId: bigint('entitlement_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    hostId: bigint('host_id', { mode: 'number' })
      .notNull()
      .references(() => hosts.id),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    count: bigint('count', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    action: text('action').notNull(),
    modifiedBy: text('modified_by').notNull().default('Automated Action'),
    fulfilledAt: bigint('fulfilled_at', { mode: 'number' }).notNull(),
    returnedAt: bigint('returned_at', { mode: 'number' }),
    returnedBy: text('returned_by'),
  },
  (t) => [
    index('fulfillments_entitlement_status_idx').on(t.entitlementId, t.status),
    index('fulfillments_host_idx').on(t.hostId),
    index('fulfillments_account_made_idx').on(t.accountId, t.fulfilledAt, t.id),
    index('fulfillments_account_returned_idx').on(t.accountId, t.returnedAt, t.id),
    check('fulfillments_count_check', sql`${t.count} > 0`),
  ],
)

export const hostAccounts = pgTable(
  'host_accounts',
  {
    hostId: bigint('host_id', { mode: 'number' })
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.hostId, t.accountId] }), index('host_accounts_account_idx').on(t.accountId)],
)

export const hosts = pgTable('hosts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  hostIds: text('host_ids').notNull(),
  hostIdTypes: text('host_id_types').notNull(),
  identifier: text('identifier').notNull().unique(),
  port: bigint('port', { mode: 'number' }).notNull().default(1055),
  state: text('state').notNull(),
  triad: bigint('triad', { mode: 'number' }).notNull().default(0),
  borrowable: bigint('borrowable', { mode: 'number' }).notNull().default(0),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
})

export const lowBalanceAlerts = pgTable('low_balance_alerts', {
  entitlementId: bigint('entitlement_id', { mode: 'number' })
    .primaryKey()
    .references(() => entitlements.id, { onDelete: 'cascade' }),
  threshold: doublePrecision('threshold').notNull(),
  notifiedAt: bigint('notified_at', { mode: 'number' }),
  setBy: text('set_by').notNull(),
  setAt: bigint('set_at', { mode: 'number' }).notNull(),
})

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    date: text('date').notNull(),
    expires: text('expires'),
    title: text('title').notNull().default(''),
    description: text('description').notNull(),
    service: jsonText('service')
      .notNull()
      .default(sql`'{}'`),
    links: jsonText('links')
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [index('notifications_status_idx').on(t.status, t.date)],
)

export const oidcModels = pgTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonText('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: bigint('expires_at', { mode: 'number' }),
    consumedAt: bigint('consumed_at', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
  ],
)

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
})

export const savedViews = pgTable(
  'saved_views',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerNumber: text('customer_number').notNull(),
    tableName: text('table_name').notNull(),
    filterModel: jsonText('filter_model'),
    sortModel: jsonText('sort_model'),
    columnOrder: jsonText('column_order'),
    extra: jsonText('extra'),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.customerNumber, t.tableName] })],
)

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    data: jsonText('data').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
)

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

export const usageDayCharges = pgTable(
  'usage_day_charges',
  {
    entitlementId: bigint('entitlement_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    day: bigint('day', { mode: 'number' }).notNull(),
    product: text('product').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entitlementId, t.day, t.product] })],
)

export const usageDayCounts = pgTable(
  'usage_day_counts',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    day: bigint('day', { mode: 'number' }).notNull(),
    started: bigint('started', { mode: 'number' }).notNull().default(0),
    ended: bigint('ended', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.product, t.day] })],
)

export const usageLastReceived = pgTable(
  'usage_last_received',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [check('usage_last_received_one_row', sql`${t.id} = 1`)],
)

export const usageLongestSessions = pgTable('usage_longest_sessions', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.accountId, { onDelete: 'cascade' }),
  lengthMs: bigint('length_ms', { mode: 'number' }).notNull(),
})

export const usageSessions = pgTable(
  'usage_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entitlementId: bigint('entitlement_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    activationId: text('activation_id').notNull().default(''),
    startTime: text('start_time').notNull(),
    endTime: text('end_time'),
    startTs: bigint('start_ts', { mode: 'number' }).notNull(),
    endTs: bigint('end_ts', { mode: 'number' }),
    product: text('product').notNull(),
    productCount: bigint('product_count', { mode: 'number' }).notNull().default(1),
    count: bigint('count', { mode: 'number' }).notNull().default(1),
    length: bigint('length', { mode: 'number' }),
    user: text('user').notNull(),
    host: text('host').notNull(),
    deviceId: text('device_id').notNull(),
    sessionStatus: text('session_status').notNull(),
    serverId: text('server_id').notNull(),
    feature: text('feature').notNull(),
    featureFno: text('feature_fno').notNull().default(''),
    ipAddress: text('ip_address').notNull().default(''),
    refererIpAddress: text('referer_ip_address').notNull().default(''),
    productLine: text('product_line').notNull().default(''),
    rateFileVersion: text('rate_file_version').notNull(),
    pid: text('pid').notNull().default(''),
    acquisition: text('acquisition').notNull().default(''),
    consumerId: text('consumer_id').notNull().default(''),
    project: text('project').notNull().default(''),
    productVersion: text('product_version').notNull().default(''),
    cloudJobId: text('cloud_job_id'),
    hours: doublePrecision('hours').notNull().default(0),
    charge: doublePrecision('charge').notNull().default(0),
    currency: text('currency').notNull(),
  },
  (t) => [
    index('usage_sessions_account_start_idx').on(t.accountId, t.startTs, t.endTs),
    index('usage_sessions_account_end_idx').on(t.accountId, t.endTs),
    index('usage_sessions_active_idx')
      .on(t.accountId, t.startTs)
      .where(sql`${t.endTs} IS NULL`),
    index('usage_sessions_account_user_idx').on(t.accountId, t.user, t.startTs, t.endTs),
    index('usage_sessions_account_project_idx').on(t.accountId, t.project),
    index('usage_sessions_account_hours_end_idx').on(t.accountId, t.hours, t.endTs),
    index('usage_sessions_cloud_job_start_end_idx')
      .on(t.accountId, t.startTs, t.endTs)
      .where(sql`${t.cloudJobId} IS NOT NULL AND ${t.cloudJobId} <> ''`),
    index('usage_sessions_entitlement_end_idx').on(t.entitlementId, t.endTs),
    check('usage_sessions_charge_check', sql`${t.charge} >= 0`),
  ],
)

export const userFeatureFlags = pgTable('user_feature_flags', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: jsonText('enabled').notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
})

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull().default(''),
    roles: jsonText('roles')
      .notNull()
      .default(sql`'[]'`),
    active: bigint('active', { mode: 'number' }).notNull().default(1),
  },
  (t) => [index('users_email_lower_idx').on(sql`lower(${t.email})`)],
)

export const webAssignments = pgTable(
  'web_assignments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entitlementId: bigint('entitlement_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    groupId: bigint('group_id', { mode: 'number' }).references(() => webGroups.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => webUsers.id, { onDelete: 'cascade' }),
    endDate: text('end_date'),
    assignedBy: text('assigned_by').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('web_assignments_group_idx')
      .on(t.entitlementId, t.groupId)
      .where(sql`${t.groupId} IS NOT NULL`),
    uniqueIndex('web_assignments_user_idx')
      .on(t.entitlementId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    index('web_assignments_group_ref_idx').on(t.groupId),
    index('web_assignments_user_ref_idx').on(t.userId),
    check('web_assignments_one_holder', sql`(${t.groupId} IS NULL) <> (${t.userId} IS NULL)`),
  ],
)

export const webCheckouts = pgTable(
  'web_checkouts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    checkoutId: text('checkout_id').notNull().unique(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    entitlementId: bigint('entitlement_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => webUsers.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    clientHost: text('client_host').notNull().default(''),
    productVersion: text('product_version').notNull().default(''),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    lastHeartbeatAt: bigint('last_heartbeat_at', { mode: 'number' }).notNull(),
    leaseExpiresAt: bigint('lease_expires_at', { mode: 'number' }).notNull(),
    endedAt: bigint('ended_at', { mode: 'number' }),
    endReason: text('end_reason'),
  },
  (t) => [
    index('web_checkouts_active_idx').on(t.entitlementId, t.endedAt),
    index('web_checkouts_user_idx').on(t.userId, t.endedAt),
    index('web_checkouts_lease_idx').on(t.endedAt, t.leaseExpiresAt),
  ],
)

export const webGroupMembers = pgTable(
  'web_group_members',
  {
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => webGroups.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => webUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('web_group_members_user_idx').on(t.userId)],
)

export const webGroups = pgTable(
  'web_groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('web_groups_account_name_idx').on(t.accountId, sql`lower(${t.name})`)],
)

export const webTransactionDays = pgTable(
  'web_transaction_days',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    day: bigint('day', { mode: 'number' }).notNull(),
    outcome: text('outcome').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.outcome] })],
)

export const webTransactions = pgTable(
  'web_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    entitlementId: bigint('entitlement_id', { mode: 'number' }).references(() => entitlements.id, {
      onDelete: 'set null',
    }),
    checkoutId: text('checkout_id'),
    product: text('product').notNull(),
    userEmail: text('user_email').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull().default(''),
    at: bigint('at', { mode: 'number' }).notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }),
    clientHost: text('client_host').notNull().default(''),
    productVersion: text('product_version').notNull().default(''),
  },
  (t) => [
    index('web_transactions_account_at_idx').on(t.accountId, t.at, t.id),
    index('web_transactions_entitlement_at_idx').on(t.entitlementId, t.at),
    index('web_transactions_account_user_at_idx').on(t.accountId, t.userEmail, t.at, t.id),
    index('web_transactions_account_outcome_at_idx').on(t.accountId, t.outcome, t.at, t.id),
  ],
)

export const webUsageDays = pgTable(
  'web_usage_days',
  {
    entitlementId: bigint('entitlement_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    day: bigint('day', { mode: 'number' }).notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    peak: bigint('peak', { mode: 'number' }).notNull().default(0),
    seatMs: bigint('seat_ms', { mode: 'number' }).notNull().default(0),
    granted: bigint('granted', { mode: 'number' }).notNull().default(0),
    deniedNoSeat: bigint('denied_no_seat', { mode: 'number' }).notNull().default(0),
    deniedOther: bigint('denied_other', { mode: 'number' }).notNull().default(0),
    deniedHours: bigint('denied_hours', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.entitlementId, t.day] }),
    index('web_usage_days_account_day_idx').on(t.accountId, t.day),
  ],
)

export const webUserDays = pgTable(
  'web_user_days',
  {
    entitlementId: bigint('entitlement_id', { mode: 'number' })
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    userEmail: text('user_email').notNull(),
    day: bigint('day', { mode: 'number' }).notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    seatMs: bigint('seat_ms', { mode: 'number' }).notNull().default(0),
    granted: bigint('granted', { mode: 'number' }).notNull().default(0),
    denied: bigint('denied', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.entitlementId, t.userEmail, t.day] }),
    index('web_user_days_account_day_idx').on(t.accountId, t.day),
  ],
)

export const webUsers = pgTable(
  'web_users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull().default('member'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('web_users_account_email_idx').on(t.accountId, t.email),
    index('web_users_account_name_idx').on(t.accountId, t.name),
  ],
)
