import { useRouteLoaderData } from '@remix-run/react'
import type { loader as portalLoader } from '../../routes/_portal'

/** The shell's data the alert screens use: the selected customer (for links) and the support address. */
export function useShellLinks() {
  const shell = useRouteLoaderData<typeof portalLoader>('routes/_portal')
  return { customerNumber: shell?.customerNumber ?? null, supportUrl: shell?.links.support ?? null }
}
