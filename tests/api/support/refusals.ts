/**
 * The two refusals every call that names a customer makes: another customer's
 * data (403, for a partner of other customers) and a customer under export
 * control (403 with the export-compliance message, vendor staff included).
 */
import { expect, it } from 'vitest'
import { EXPORT_DENIED_MESSAGE } from '../../../api/access'
import type { apiClient } from './server'

type As = (email: string) => Promise<ReturnType<typeof apiClient>>

/** Each call as [path, body without customerNumber]. */
export function itRefusesOtherAndExportControlledCustomers(
  as: As,
  calls: readonly (readonly [string, Record<string, unknown>])[],
) {
  it('refuses another customer with 403', async () => {
    const api = await as('partner@channel.example')
    for (const [path, body] of calls) {
      const r = await api.post(path, { customerNumber: '1000001', ...body })
      expect([path, r.http, r.body.status]).toEqual([path, 403, 'FAILURE'])
    }
  })

  it('refuses a customer under export control to everyone, vendor staff included', async () => {
    for (const email of ['busops@vendor.example', 'igor.petrov@embargo.example']) {
      const api = await as(email)
      for (const [path, body] of calls) {
        const r = await api.post(path, { customerNumber: '1000005', ...body })
        expect([path, r.http, r.body]).toEqual([path, 403, { status: 'FAILURE', err: EXPORT_DENIED_MESSAGE }])
      }
    }
  })
}
