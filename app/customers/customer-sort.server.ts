/** The customer list's sort from the address (`sort=<column>&dir=asc|desc`); anything else is the default. */
import { z } from 'zod'
import type { CustomerSortKey } from '../domain/home-cards'
import { CUSTOMER_SORT_KEYS, type CustomerSort } from './customer-list'

const sortSchema = z.object({
  sort: z.enum(CUSTOMER_SORT_KEYS satisfies readonly CustomerSortKey[]).catch('customer'),
  dir: z.enum(['asc', 'desc']).catch('asc'),
})

export function parseCustomerSort(params: URLSearchParams): CustomerSort {
  const { sort, dir } = sortSchema.parse({ sort: params.get('sort') ?? undefined, dir: params.get('dir') ?? undefined })
  return { key: sort, direction: dir }
}
