/**
 * The licensing data model. Later areas add their tables here and run
 * `npx drizzle-kit generate` to write the next migration into db/migrations.
 */
import { sql } from 'drizzle-orm'
import { sqliteTable, text, integer, primaryKey, index } from 'drizzle-orm/sqlite-core'

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
    hasFsa: integer('has_fsa').notNull().default(0),
    hasElastic: integer('has_elastic').notNull().default(0),
    accessDisabled: integer('access_disabled').notNull().default(0),
    supportEmail: text('support_email').notNull().default(''),
  },
  (t) => [index('accounts_name_idx').on(t.accountName)],
)

/** Global roles: user, admin, busops, support, sales, salesaccess (JSON array). */
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
    /** portalaccess, whitelist, pin, usernames */
    area: text('area').notNull(),
    action: text('action').notNull(),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
  },
  (t) => [index('audit_log_account_idx').on(t.accountId, t.at)],
)
