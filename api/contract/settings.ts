/**
 * The user's own settings: saved table views per customer and table (filter, sort,
 * column state and a screen's extras) and the feature flags the user switched on.
 */
import { z } from 'zod'
import { customerNumberSchema } from '../../app/domain/customer-number'
import { FREE_TEXT_MESSAGES, hasControlCharacter } from '../../app/domain/free-text'
import { singleLine } from '../text-schemas'
import { declareCall, replyObject } from './define'

const VIEWS = 'Saved views'
const FLAGS = 'Feature flags'

/** The most characters of JSON one saved view holds. */
export const MAX_VIEW_CHARS = 64_000
export const MAX_TABLES_PER_SAVE = 50
/** The most views a user keeps; saving beyond drops the ones saved longest ago. */
export const MAX_VIEWS_PER_USER = 500

const columnName = z
  .string()
  .max(200)
  .refine((v) => !hasControlCharacter(v), 'column ids may not hold control characters')
const colId = columnName.min(1)

const sortRuleShape = {
  colId,
  sort: z.enum(['asc', 'desc']),
  sortIndex: z.number().int().min(0).max(1000).nullish(),
}
const sortModel = <Rule extends z.ZodType>(rule: Rule) => z.array(rule).max(100)
export const sortModelSchema = sortModel(z.object(sortRuleShape))

/** Whether a control character is in any key or string of a JSON value. */
function holdsControlCharacter(value: unknown): boolean {
  if (typeof value === 'string') return hasControlCharacter(value)
  if (Array.isArray(value)) return value.some(holdsControlCharacter)
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => hasControlCharacter(key) || holdsControlCharacter(v))
  }
  return false
}

export const filterModelSchema = z
  .record(z.string().max(200), z.unknown())
  .refine(
    (model) => !Object.keys(model).some((key) => hasControlCharacter(key)),
    'column ids may not hold control characters',
  )

/** Grid column state; grids add their own fields (pinned, flex ...), which are kept. */
export const columnOrderSchema = z
  .array(
    z.looseObject({
      colId,
      hide: z.boolean().nullish(),
      width: z.number().min(0).max(10_000).nullish(),
    }),
  )
  .max(500)

export const tableNameSchema = z
  .string()
  .trim()
  .min(1, 'tableName is required')
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'tableName may only hold letters, digits and . _ : -')

/** A view as sent: its table, its parts and a screen's own extras (any other field). */
export const preferenceItemShape = z.looseObject({
  tableName: tableNameSchema,
  filterModel: filterModelSchema.nullish(),
  sortModel: sortModelSchema.nullish(),
  columnOrder: columnOrderSchema.nullish(),
})
export type PreferenceItem = z.infer<typeof preferenceItemShape>

const notTooLarge = (item: unknown) => JSON.stringify(item).length <= MAX_VIEW_CHARS
const TOO_LARGE = { message: `preference is too large (at most ${MAX_VIEW_CHARS} characters)` }
/** Filter values, column state and a screen's extras alike. */
const plainText = (item: unknown) => !holdsControlCharacter(item)
const CONTROL = { message: `preference values ${FREE_TEXT_MESSAGES.control}` }

const preferenceItemSchema = preferenceItemShape.refine(notTooLarge, TOO_LARGE).refine(plainText, CONTROL)
/** What the portal sends to save one view of a table. */
export type ViewToSave = z.input<typeof preferenceItemSchema>

const preferenceItemWithCustomer = preferenceItemShape
  .extend({ customerNumber: customerNumberSchema })
  .refine(notTooLarge, TOO_LARGE)
  .refine(plainText, CONTROL)

/** A stored view: each part or null, and the screen's extras beside them. */
export const savedView = z.looseObject({
  customerNumber: z.string(),
  tableName: z.string(),
  filterModel: filterModelSchema.nullable(),
  sortModel: sortModel(replyObject(sortRuleShape)).nullable(),
  columnOrder: columnOrderSchema.nullable(),
})
export type SavedView = z.infer<typeof savedView>

const EMPTY_REMOVES = 'A view with nothing but its table name (no parts, no extras) removes the stored view.'

export const featureFlag = replyObject({
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** The flags that may not be on together with this one. */
  conflicts: z.array(z.string()),
  /** The route the flag gates, if any. */
  path: z.string().nullable(),
})
export type FeatureView = z.infer<typeof featureFlag>

export const settingsCalls = {
  getPreference: declareCall({
    method: 'POST',
    path: '/preferences/get',
    tag: VIEWS,
    summary: 'The user’s saved view of one table for the customer, or null',
    access: 'read',
    caller: 'own-settings',
    input: z.object({ customerNumber: customerNumberSchema, tableName: tableNameSchema }),
    reply: savedView.nullable(),
  }),
  savePreferences: declareCall({
    method: 'POST',
    path: '/preferences/save',
    tag: VIEWS,
    summary: 'Saves the user’s views of tables for the customer; answers the stored ones',
    description: [
      EMPTY_REMOVES,
      `Each view holds at most ${MAX_VIEW_CHARS} characters of JSON and no control characters; each table once;`,
      `a user keeps at most ${MAX_VIEWS_PER_USER} views, and saving beyond drops the ones saved longest ago.`,
    ].join(' '),
    access: 'write',
    caller: 'own-settings',
    input: z.object({
      customerNumber: customerNumberSchema,
      tables: z.array(preferenceItemSchema).min(1).max(MAX_TABLES_PER_SAVE),
    }),
    reply: z.array(savedView),
  }),
  allPreferences: declareCall({
    method: 'GET',
    path: '/featureflag/pref',
    tag: VIEWS,
    summary: 'All the user’s saved views, of customers the user may still see and that are not under export control',
    access: 'read',
    caller: 'user',
    input: z.object({}),
    reply: z.array(savedView),
  }),
  savePreferencesOfCustomers: declareCall({
    method: 'POST',
    path: '/featureflag/pref',
    tag: VIEWS,
    summary: 'Saves the user’s views of tables of any customers the user may see; answers all the user’s views',
    description: `${EMPTY_REMOVES} Each customer and table pair once; the limits of /preferences/save apply.`,
    access: 'write',
    caller: 'own-settings',
    input: z.object({ tables: z.array(preferenceItemWithCustomer).max(MAX_TABLES_PER_SAVE) }),
    reply: z.array(savedView),
  }),
  getFeatures: declareCall({
    method: 'GET',
    path: '/featureflag/features',
    tag: FLAGS,
    summary: 'The feature flags, each with whether the user has it on',
    description: 'Without a choice of the user’s own, the flags that are on by default.',
    access: 'read',
    caller: 'user',
    input: z.object({}),
    reply: z.array(featureFlag),
  }),
  setFeatures: declareCall({
    method: 'POST',
    path: '/featureflag/features',
    tag: FLAGS,
    summary: 'Switches on exactly the named flags for the user; answers the flags',
    description:
      'Refused in production (403). An unknown flag, or two selected flags that conflict (either way), is refused (400).',
    access: 'write',
    caller: 'user',
    input: z.object({ features: z.array(singleLine().min(1).max(100)).max(200) }),
    reply: z.array(featureFlag),
  }),
}
