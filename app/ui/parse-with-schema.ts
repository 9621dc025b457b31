/**
 * A form submission checked against a zod/mini schema, for conform's `onValidate` in the
 * browser. The server reads the same submission with conform's `parseWithZod`
 * (app/request/parse-form.server.ts), whose zod adapter loads the whole of zod, so one
 * schema serves both sides and only zod/mini reaches the page's script.
 *
 * The submitted value is shaped as conform's zod adapter shapes it: an empty field is
 * a missing value, a missing object is an empty one, a missing list an empty list, and
 * each issue becomes a message on the field its path names (`contacts[0].email`).
 * Fields that must become numbers, dates or booleans are not converted, nor are the
 * options of a union shaped: the portal's forms hold text, lists and objects.
 */
import { parse, type Submission } from '@conform-to/react'
import * as z from 'zod/mini'

type Def = z.core.$ZodTypeDef & {
  innerType?: z.core.$ZodType
  in?: z.core.$ZodType
  element?: z.core.$ZodType
  shape?: Record<string, z.core.$ZodType>
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'])

/** The submitted value as `schema` expects it to be shaped. */
export function shapeFormValue(schema: z.core.$ZodType, value: unknown): unknown {
  const def = schema._zod.def as Def
  if (value === '') value = undefined
  if (WRAPPERS.has(def.type)) return value === undefined ? value : shapeFormValue(def.innerType!, value)
  if (def.type === 'pipe') return shapeFormValue(def.in!, value)
  if (def.type === 'array') {
    const items = value === undefined ? [] : Array.isArray(value) ? value : [value]
    return items.map((item) => shapeFormValue(def.element!, item))
  }
  if (def.type === 'object') {
    if (value === undefined) value = {}
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
    const shaped: Record<string, unknown> = { ...value }
    for (const [key, field] of Object.entries(def.shape!)) shaped[key] = shapeFormValue(field, shaped[key])
    return shaped
  }
  return value
}

/** A zod issue path as a conform field name: `contacts[0].email`; '' names the form. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, segment) => {
    if (typeof segment === 'number') return `${name}[${segment}]`
    const key = String(segment)
    return name === '' ? key : `${name}.${key}`
  }, '')
}

export function parseWithSchema<Schema extends z.core.$ZodType>(
  payload: FormData | URLSearchParams,
  schema: Schema,
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  return parse<z.output<Schema>, string[]>(payload, {
    resolve(value) {
      const result = z.safeParse(schema, shapeFormValue(schema, value))
      if (result.success) return { value: result.data }
      const error: Record<string, string[]> = {}
      for (const issue of result.error.issues) (error[fieldName(issue.path)] ??= []).push(issue.message)
      return { error }
    },
  }) as Submission<z.input<Schema>, string[], z.output<Schema>>
}
