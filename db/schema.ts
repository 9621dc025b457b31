/**
 * The licensing data model. Later areas add their tables here and run
 * `npx drizzle-kit generate` to write the next migration into db/migrations.
 */
import { sql } from 'drizzle-orm'
import { sqliteTable, text, integer, real, primaryKey, index, uniqueIndex, check } from 'drizzle-orm/sqlite-core'

/** A customer account. AccountID is the customer number. */
export const accounts = sqliteTable(
  'accounts',
  {
    accountId: text('account_id').primaryKey(),
    accountName: text('account_name').notNull(),
    /** Undefined, Direct, Channel or Indirect */
    orgType: text('org_type').notNull().default('Undefined'),
    /** '' or 'approved' means allowed; anything else is an export-control denial. */
    exportControlStatus: text('export_control_status').notNull().default(''),
    hasSsl: integer('has_ssl').notNull().default(0),
    hasSharedLicense: integer('has_shared_license').notNull().default(0),
    hasNamedLicense: integer('has_named_license').notNull().default(0),
    /**
     * The shared-licence-server permission: a licence file of a host shared with other customers is
     * e-mailed to `supportEmail` as well (spec 3). Not the web flags above, which follow web entitlements.
     */
    sharedServerSupport: integer('shared_server_support').notNull().default(0),
    hasFsa: integer('has_fsa').notNull().default(0),
    hasElastic: integer('has_elastic').notNull().default(0),
    accessDisabled: integer('access_disabled').notNull().default(0),
    supportEmail: text('support_email').notNull().default(''),
  },
  (t) => [index('accounts_name_idx').on(t.accountName)],
)

/** Global roles: user, admin, busops, support, sales, salesaccess, weblicense (JSON array). */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull().default(''),
    roles: text('roles', { mode: 'json' }).$type<string[]>().notNull().default([]),
    active: integer('active').notNull().default(1),
  },
  // Every API call looks its user up by e-mail, case-insensitively.
  (t) => [index('users_email_lower_idx').on(sql`lower(${t.email})`)],
)

/** Which customers a (non-staff) user is a contact of, and with what per-customer flags. */
export const accountAccess = sqliteTable(
  'account_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** admin (Licensing Portal Administrator), viewer (Licensing Portal Viewer), asc (Support Coordinator), or '' */
    role: text('role').notNull().default(''),
    isFnpLicenseGenerator: integer('is_fnp_license_generator').notNull().default(0),
    isSales: integer('is_sales').notNull().default(0),
    isSalesAccess: integer('is_sales_access').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index('account_access_account_idx').on(t.accountId)],
)

/** Saved table views per user, customer and table. */
export const savedViews = sqliteTable(
  'saved_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerNumber: text('customer_number').notNull(),
    tableName: text('table_name').notNull(),
    filterModel: text('filter_model', { mode: 'json' }),
    sortModel: text('sort_model', { mode: 'json' }),
    columnOrder: text('column_order', { mode: 'json' }),
    /** Screen-specific extras (dateRange, startDate, endDate, activeOnly ...). */
    extra: text('extra', { mode: 'json' }),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.customerNumber, t.tableName] })],
)

export const featureFlags = sqliteTable('feature_flags', {
  name: text('name').primaryKey(),
  description: text('description').notNull(),
  defaultEnabled: integer('default_enabled').notNull().default(0),
  /** The route path this flag gates, if any (e.g. /entitlementsFSA). */
  path: text('path'),
  conflicts: text('conflicts', { mode: 'json' }).$type<string[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
})

/** A user's chosen set of enabled flags; no row means the defaults apply. */
export const userFeatureFlags = sqliteTable('user_feature_flags', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: text('enabled', { mode: 'json' }).$type<string[]>().notNull(),
  updatedAt: integer('updated_at').notNull(),
})

/** Portal sessions; the cookie holds only the id. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    data: text('data', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sessions_expires_idx').on(t.expiresAt)],
)

/** Storage of the embedded identity provider (grants, codes, tokens, interactions). */
export const oidcModels = sqliteTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: integer('expires_at'),
    consumedAt: integer('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
  ],
)

/** Fixed-window counters for rate limits (sign-in attempts, writes). */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
})

/** Small key/value settings kept by the server (generated signing keys, build info). */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

/** The outbox: every e-mail the product sent to a customer. */
export const emails = sqliteTable(
  'emails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD HH:mm:ss' (UTC) */
    date: text('date').notNull(),
    subject: text('subject').notNull(),
    to: text('to_address').notNull(),
    /** HTML body as sent; sanitised when shown. */
    body: text('body').notNull(),
    /** What produced it: licence-file, statement, access, general ... */
    kind: text('kind').notNull().default('general'),
    deletedAt: integer('deleted_at'),
  },
  (t) => [index('emails_account_date_idx').on(t.accountId, t.date)],
)

/** A file sent with an e-mail (a licence file, as text). */
export const emailAttachments = sqliteTable(
  'email_attachments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    emailId: integer('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: text('content').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
)

/**
 * The delivery of an outbox e-mail over SMTP (api/mail-queue.ts): a row only for an e-mail written
 * while delivery was configured (SMTP_URL). A process claims a queued e-mail (claim token and lease)
 * before it sends it, and only the claimant records the result.
 */
export const emailDeliveries = sqliteTable(
  'email_deliveries',
  {
    emailId: integer('email_id')
      .primaryKey()
      .references(() => emails.id, { onDelete: 'cascade' }),
    /** queued, sent or failed */
    state: text('state').notNull(),
    /** The Message-ID header of every attempt, '<…@domain>'. */
    messageId: text('message_id').notNull(),
    /** Epoch ms. */
    queuedAt: integer('queued_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued e-mail is due (epoch ms); null once it is sent or failed. */
    nextAttemptAt: integer('next_attempt_at'),
    lastAttemptAt: integer('last_attempt_at'),
    /** The claim of the process sending it: its token and until when it holds. */
    claimToken: text('claim_token'),
    claimedUntil: integer('claimed_until'),
    sentAt: integer('sent_at'),
    /** The mail server's last answer, or why it could not be reached. */
    answer: text('answer'),
  },
  (t) => [index('email_deliveries_due_idx').on(t.state, t.nextAttemptAt)],
)

/** Service alerts. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** OK, INFO, WARNING or CRITICAL */
    category: text('category').notNull(),
    /** ACTIVE or RESOLVED */
    status: text('status').notNull(),
    /** Start, 'YYYY-MM-DD HH:mm:ss' (UTC) */
    date: text('date').notNull(),
    /** Expected or actual end, same format; null when open-ended. */
    expires: text('expires'),
    title: text('title').notNull().default(''),
    description: text('description').notNull(),
    /** Affected services: map of key to display name. */
    service: text('service', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    /** Links: map of label to URL. */
    links: text('links', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [index('notifications_status_idx').on(t.status, t.date)],
)

/**
 * Elastic licence servers of a customer with their credentials and IP allow-list.
 * `version` increases with every change, for optimistic concurrency.
 */
export const elasticServers = sqliteTable(
  'elastic_servers',
  {
    deviceId: text('device_id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    activated: integer('activated').notNull().default(1),
    /** 6-digit PIN, null until one is set. */
    pin: text('pin'),
    usernames: text('usernames', { mode: 'json' }).$type<string[]>().notNull().default([]),
    whitelist: text('whitelist', { mode: 'json' })
      .$type<{ rulename: string; ipaddress: string }[]>()
      .notNull()
      .default([]),
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('elastic_servers_account_idx').on(t.accountId)],
)

/** Who changed what on a customer's access settings; secrets (the PIN) are never stored. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    actorEmail: text('actor_email').notNull(),
    accountId: text('account_id').notNull(),
    /** portalaccess, whitelist, pin, usernames, threshold */
    area: text('area').notNull(),
    action: text('action').notNull(),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
  },
  (t) => [index('audit_log_account_idx').on(t.accountId, t.at)],
)

/**
 * An entitlement (order line item) of a customer: elastic credit (ELASTIC), a lease or
 * perpetual (SSL), an FSA contract, a subscription or concurrent licences. A null
 * end date means permanent; `used` is the sum of the charges of its usage sessions,
 * kept in step by every session write (elastic only).
 */
export const entitlements = sqliteTable(
  'entitlements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    activationId: text('activation_id').notNull().unique(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** ELASTIC, SSL, FSA, SUBSCRIPTION, CONCURRENT, or a web licence: SHARED_WEB or NAMED_USER */
    type: text('type').notNull(),
    /** Deployed, Inactive, Obsolete ... */
    state: text('state').notNull(),
    entitlementName: text('entitlement_name').notNull(),
    /** The feature name (CA[ENT|ansysproduct]). */
    product: text('product').notNull(),
    productName: text('product_name').notNull(),
    licenseModel: text('license_model').notNull(),
    /** CA[ENT|ansyscount] */
    count: integer('count').notNull(),
    /** LineItemQuantity: seats, or elastic units for an elastic entitlement. */
    quantity: real('quantity').notNull(),
    /** 'YYYY-MM-DD' */
    startDate: text('start_date').notNull(),
    /** 'YYYY-MM-DD'; null for a permanent entitlement. */
    endDate: text('end_date'),
    /** End of maintenance, 'YYYY-MM-DD'. */
    versionDate: text('version_date'),
    evaluation: integer('evaluation').notNull().default(0),
    poNumber: text('po_number').notNull().default(''),
    currency: text('currency').notNull().default(''),
    price: real('price'),
    rateTableVersion: text('rate_table_version'),
    vendorDaemon: text('vendor_daemon').notNull().default(''),
    borrowable: integer('borrowable').notNull().default(0),
    used: real('used').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('entitlements_account_type_end_idx').on(t.accountId, t.type, t.endDate),
    check('entitlements_quantity_check', sql`${t.quantity} >= 0`),
    check('entitlements_used_check', sql`${t.used} >= 0`),
  ],
)

/**
 * A usage session of an elastic entitlement: spec 2's usage record. An active
 * session has no end; its charge stays 0 until it ends. `activation_id` is a copy
 * of the entitlement's (activation ids never change), so lists filter and sort on
 * it without a join. The indexes serve the Usage Transactions list: the range
 * (start, end), active sessions, distinct users, the Hours order and the cloud job
 * probe.
 */
export const usageSessions = sqliteTable(
  'usage_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    activationId: text('activation_id').notNull().default(''),
    /** 'YYYY-MM-DD HH:mm:ss' (UTC) */
    startTime: text('start_time').notNull(),
    endTime: text('end_time'),
    /** Epoch milliseconds of start_time and end_time. */
    startTs: integer('start_ts').notNull(),
    endTs: integer('end_ts'),
    product: text('product').notNull(),
    productCount: integer('product_count').notNull().default(1),
    count: integer('count').notNull().default(1),
    /** Seconds; null while active. */
    length: integer('length'),
    user: text('user').notNull(),
    host: text('host').notNull(),
    /** The session id. */
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
    hours: real('hours').notNull().default(0),
    charge: real('charge').notNull().default(0),
    currency: text('currency').notNull(),
  },
  (t) => [
    index('usage_sessions_account_start_idx').on(t.accountId, t.startTs, t.endTs),
    index('usage_sessions_account_end_idx').on(t.accountId, t.endTs),
    index('usage_sessions_active_idx')
      .on(t.accountId, t.startTs)
      .where(sql`${t.endTs} IS NULL`),
    index('usage_sessions_account_user_idx').on(t.accountId, t.user, t.startTs, t.endTs),
    // A customer's projects, a few index seeks away (the names Ask anything matches, the Project filter's values).
    index('usage_sessions_account_project_idx').on(t.accountId, t.project),
    index('usage_sessions_account_hours_end_idx').on(t.accountId, t.hours, t.endTs),
    index('usage_sessions_cloud_job_start_end_idx')
      .on(t.accountId, t.startTs, t.endTs)
      .where(sql`${t.cloudJobId} IS NOT NULL AND ${t.cloudJobId} <> ''`),
    index('usage_sessions_entitlement_end_idx').on(t.entitlementId, t.endTs),
    check('usage_sessions_charge_check', sql`${t.charge} >= 0`),
  ],
)

/**
 * Sessions started and ended per customer, product and UTC day (days since
 * 1970-01-01): the pre-aggregated counts of the usage list. Written in the same
 * transaction as the sessions they count.
 */
export const usageDayCounts = sqliteTable(
  'usage_day_counts',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    product: text('product').notNull(),
    day: integer('day').notNull(),
    started: integer('started').notNull().default(0),
    ended: integer('ended').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.product, t.day] })],
)

/**
 * The longest closed session of each customer, in milliseconds: a session ending
 * after a time T started after T minus this, which bounds the start index scan of
 * a range (the oldest running session bounds the rest). Only grows; written in the
 * same transaction as the sessions.
 */
export const usageLongestSessions = sqliteTable('usage_longest_sessions', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.accountId, { onDelete: 'cascade' }),
  lengthMs: integer('length_ms').notNull(),
})

/**
 * The charges of ended sessions per elastic entitlement, product and UTC day of
 * the session's end (days since 1970-01-01), in integer cents: what statements
 * sum, so a period's figures come from a few grouped reads instead of the
 * sessions. Written in the same transaction as the sessions they charge.
 */
export const usageDayCharges = sqliteTable(
  'usage_day_charges',
  {
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    product: text('product').notNull(),
    cents: integer('cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entitlementId, t.day, t.product] })],
)

/** The latest start or end time of any stored session (one row, id 1): the API's lastupdatedon. */
export const usageLastReceived = sqliteTable(
  'usage_last_received',
  {
    id: integer('id').primaryKey(),
    at: integer('at').notNull(),
  },
  (t) => [check('usage_last_received_one_row', sql`${t.id} = 1`)],
)

/** A licence server host; several accounts may share one (the shared-server group, host_accounts). */
export const hosts = sqliteTable('hosts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  /** Comma-separated list of 1 or 3 host ids, lowercase. */
  hostIds: text('host_ids').notNull(),
  /** ETHERNET, DISK_SERIAL_NUM or FLEXID, comma-separated, matching host_ids. */
  hostIdTypes: text('host_id_types').notNull(),
  /** The host ids with a 'TYPE=' prefix except ETHERNET, comma-separated. */
  identifier: text('identifier').notNull().unique(),
  port: integer('port').notNull().default(1055),
  /** ACTIVE, INACTIVE or UNKNOWN */
  state: text('state').notNull(),
  triad: integer('triad').notNull().default(0),
  borrowable: integer('borrowable').notNull().default(0),
  createdAt: integer('created_at').notNull(),
})

/** Which accounts use a host. */
export const hostAccounts = sqliteTable(
  'host_accounts',
  {
    hostId: integer('host_id')
      .notNull()
      .references(() => hosts.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.hostId, t.accountId] }), index('host_accounts_account_idx').on(t.accountId)],
)

/**
 * A count of one entitlement activated on one host. An entitlement's total activated
 * is the sum of the counts of its ACTIVE fulfilments.
 */
export const fulfillments = sqliteTable(
  'fulfillments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fulfillmentId: text('fulfillment_id').notNull().unique(),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    hostId: integer('host_id')
      .notNull()
      .references(() => hosts.id),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    /** ACTIVE or INACTIVE */
    status: text('status').notNull(),
    /** ACTIVATE, REHOST, EDIT, RETURN ... */
    action: text('action').notNull(),
    modifiedBy: text('modified_by').notNull().default('Automated Action'),
    /** Epoch milliseconds. */
    fulfilledAt: integer('fulfilled_at').notNull(),
    returnedAt: integer('returned_at'),
    returnedBy: text('returned_by'),
  },
  (t) => [
    index('fulfillments_entitlement_status_idx').on(t.entitlementId, t.status),
    index('fulfillments_host_idx').on(t.hostId),
    // The customer's latest activation change (Home): made, or returned.
    index('fulfillments_account_made_idx').on(t.accountId, t.fulfilledAt, t.id),
    index('fulfillments_account_returned_idx').on(t.accountId, t.returnedAt, t.id),
    check('fulfillments_count_check', sql`${t.count} > 0`),
  ],
)

/** A customer's low-balance threshold on an elastic entitlement, and whether its e-mail was written. */
export const lowBalanceAlerts = sqliteTable('low_balance_alerts', {
  entitlementId: integer('entitlement_id')
    .primaryKey()
    .references(() => entitlements.id, { onDelete: 'cascade' }),
  threshold: real('threshold').notNull(),
  /** Epoch milliseconds of the e-mail for this threshold; null until it is written. */
  notifiedAt: integer('notified_at'),
  setBy: text('set_by').notNull(),
  setAt: integer('set_at').notNull(),
})

/**
 * The terms of an FSA contract (an entitlement of type FSA, whose `price` is the
 * prepaid balance and `used` what orders have spent): its order and the
 * business-operations addresses told of each order.
 */
export const fsaContracts = sqliteTable('fsa_contracts', {
  entitlementId: integer('entitlement_id')
    .primaryKey()
    .references(() => entitlements.id, { onDelete: 'cascade' }),
  orderId: text('order_id').notNull(),
  /** Comma-separated (CA[ENT|ansysbusopsemails]). */
  busopsEmails: text('busops_emails').notNull().default(''),
})

/** A product an FSA contract may order, with its price per duration (null: not offered for it). */
export const fsaProducts = sqliteTable(
  'fsa_products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    /** The business part number (ansysbpn). */
    bpn: text('bpn').notNull(),
    /** The feature name of the leases it creates. */
    product: text('product').notNull(),
    productName: text('product_name').notNull(),
    price7Days: real('price_7_days'),
    price30Days: real('price_30_days'),
    price60Days: real('price_60_days'),
    price90Days: real('price_90_days'),
    price180Days: real('price_180_days'),
    price1Year: real('price_1_year'),
    vendorDaemon: text('vendor_daemon').notNull().default(''),
    /** Taken off the contract: no longer orderable. */
    withdrawn: integer('withdrawn').notNull().default(0),
  },
  (t) => [index('fsa_products_contract_idx').on(t.contractId, t.bpn)],
)

/** One line of an FSA order: what was asked, what it cost and the lease it created. */
export const fsaOrderLines = sqliteTable(
  'fsa_order_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id').notNull(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** The lease entitlement the line created. */
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    bpn: text('bpn').notNull(),
    productName: text('product_name').notNull(),
    count: integer('count').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    cost: real('cost').notNull(),
    currency: text('currency').notNull(),
    manual: integer('manual').notNull().default(0),
    requesterEmail: text('requester_email').notNull(),
    /** Epoch milliseconds. */
    orderedAt: integer('ordered_at').notNull(),
  },
  (t) => [
    index('fsa_order_lines_account_idx').on(t.accountId, t.orderedAt),
    check('fsa_order_lines_cost_check', sql`${t.cost} >= 0`),
    check('fsa_order_lines_count_check', sql`${t.count} > 0`),
  ],
)

/**
 * How many times the data behind a customer's Home summary has changed: one row
 * per customer, and '*' for what every customer sees (service alerts). Kept by
 * triggers on the tables the summary reads (migration 0011), so no writer can
 * forget it; the API's summary cache compares it before serving a kept answer.
 */
export const accountChanges = sqliteTable('account_changes', {
  accountId: text('account_id').primaryKey(),
  version: integer('version').notNull(),
})

/**
 * A person who may use the customer's web licences (shared or named), by e-mail. Not a portal
 * contact: a web user needs no portal access, and a portal contact is no web user until added.
 */
export const webUsers = sqliteTable(
  'web_users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** Lower case; one user per e-mail and customer. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** member or admin (Customer Administrator of the web licences) */
    role: text('role').notNull().default('member'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('web_users_account_email_idx').on(t.accountId, t.email),
    index('web_users_account_name_idx').on(t.accountId, t.name),
  ],
)

/** A named set of a customer's web users; web licences are assigned to groups. */
export const webGroups = sqliteTable(
  'web_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  // Group names are unique per customer whatever their case.
  (t) => [uniqueIndex('web_groups_account_name_idx').on(t.accountId, sql`lower(${t.name})`)],
)

export const webGroupMembers = sqliteTable(
  'web_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => webGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => webUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('web_group_members_user_idx').on(t.userId)],
)

/**
 * A web entitlement (type SHARED_WEB or NAMED_USER) assigned to a group or to one user.
 * Shared: only groups; with none, every web user of the customer may take a seat, with some,
 * only their members. Named: users and groups; every distinct person reached holds one seat,
 * never more people than the entitlement's quantity (checked inside the write's transaction).
 */
export const webAssignments = sqliteTable(
  'web_assignments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => webGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => webUsers.id, { onDelete: 'cascade' }),
    /** 'YYYY-MM-DD': a named seat may end before the entitlement does; null: with the entitlement. */
    endDate: text('end_date'),
    assignedBy: text('assigned_by').notNull(),
    createdAt: integer('created_at').notNull(),
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

/**
 * A seat taken through the web licence service: held while its heartbeats keep the lease, and
 * returned by a check-in or, when the heartbeats stop, at the lease's end. Active: no end.
 * For a shared entitlement, its active checkouts never outnumber its seats.
 */
export const webCheckouts = sqliteTable(
  'web_checkouts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The id the service hands to the product for its heartbeats and check-in (random, not guessable). */
    checkoutId: text('checkout_id').notNull().unique(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    /** The user as checked out; the e-mail stays if the user is later removed. */
    userId: integer('user_id').references(() => webUsers.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    clientHost: text('client_host').notNull().default(''),
    productVersion: text('product_version').notNull().default(''),
    /** Epoch milliseconds. */
    startedAt: integer('started_at').notNull(),
    lastHeartbeatAt: integer('last_heartbeat_at').notNull(),
    leaseExpiresAt: integer('lease_expires_at').notNull(),
    endedAt: integer('ended_at'),
    /** returned (checked in) or expired (heartbeats stopped); null while active. */
    endReason: text('end_reason'),
  },
  (t) => [
    index('web_checkouts_active_idx').on(t.entitlementId, t.endedAt),
    index('web_checkouts_user_idx').on(t.userId, t.endedAt),
    index('web_checkouts_lease_idx').on(t.endedAt, t.leaseExpiresAt),
  ],
)

/**
 * What the web licence service did, one row per event: a seat granted, returned or expired, or a
 * checkout denied with its reason. The customer's web usage (Web Transactions, Web Reporting).
 */
export const webTransactions = sqliteTable(
  'web_transactions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** The entitlement granted or returned; for a denial, the one the refusal is about, if any. */
    entitlementId: integer('entitlement_id').references(() => entitlements.id, { onDelete: 'set null' }),
    checkoutId: text('checkout_id'),
    /** The feature name asked for. */
    product: text('product').notNull(),
    userEmail: text('user_email').notNull(),
    /** granted, returned, expired or denied */
    outcome: text('outcome').notNull(),
    /** A denial's reason code (app/domain/web-seats); '' otherwise. */
    reason: text('reason').notNull().default(''),
    /** Epoch milliseconds. */
    at: integer('at').notNull(),
    /** For returned and expired: how long the seat was held, in milliseconds. */
    durationMs: integer('duration_ms'),
    clientHost: text('client_host').notNull().default(''),
    productVersion: text('product_version').notNull().default(''),
  },
  (t) => [
    index('web_transactions_account_at_idx').on(t.accountId, t.at, t.id),
    index('web_transactions_entitlement_at_idx').on(t.entitlementId, t.at),
    // Web Transactions filtered by a user or an outcome, newest first (api/web-transactions.ts).
    index('web_transactions_account_user_at_idx').on(t.accountId, t.userEmail, t.at, t.id),
    index('web_transactions_account_outcome_at_idx').on(t.accountId, t.outcome, t.at, t.id),
  ],
)

/*
 * Web usage pre-aggregates (decision 0029), written by db/web-aggregates.ts in the same transaction
 * as each web transaction, so Web Transactions and Web Reporting never scan the transactions. Days
 * are UTC days since 1970-01-01, as in usage_day_counts.
 */

/** Per web entitlement and day: peak seats in use, seat time, grants and denials. */
export const webUsageDays = sqliteTable(
  'web_usage_days',
  {
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    /** The most seats in use at once during the day (seats running from the day before included). */
    peak: integer('peak').notNull().default(0),
    /** Milliseconds of seat use within the day by seats since returned or expired; running seats are added when read. */
    seatMs: integer('seat_ms').notNull().default(0),
    granted: integer('granted').notNull().default(0),
    /** Checkouts refused because no seat was free. */
    deniedNoSeat: integer('denied_no_seat').notNull().default(0),
    /** Checkouts refused for another reason (not in an assigned group, not a named user, outside the term). */
    deniedOther: integer('denied_other').notNull().default(0),
    /** Bit h (0–23) set: a checkout was refused for want of a free seat in UTC hour h. */
    deniedHours: integer('denied_hours').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.entitlementId, t.day] }),
    index('web_usage_days_account_day_idx').on(t.accountId, t.day),
  ],
)

/** Per web entitlement, user (e-mail as checked out) and day: seat time, checkouts and denials. */
export const webUserDays = sqliteTable(
  'web_user_days',
  {
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    userEmail: text('user_email').notNull(),
    day: integer('day').notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    seatMs: integer('seat_ms').notNull().default(0),
    granted: integer('granted').notNull().default(0),
    denied: integer('denied').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.entitlementId, t.userEmail, t.day] }),
    index('web_user_days_account_day_idx').on(t.accountId, t.day),
  ],
)

/** Web transactions per customer, UTC day and outcome: counts of a date range without scanning. */
export const webTransactionDays = sqliteTable(
  'web_transaction_days',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    /** granted, returned, expired or denied */
    outcome: text('outcome').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.outcome] })],
)
