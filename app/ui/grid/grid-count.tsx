/** The count of a grid's view: known with the rows, or arriving after them (loadGrid's countLater). */
import { Suspense, type ReactNode } from 'react'
import { Await } from '@remix-run/react'
import type { GridCount, GridData } from '../../grid/types'

const NOT_COUNTED: GridCount = { ok: false, message: 'The rows could not be counted.' }

/** Renders `children` with the count, or with null while it is on its way. */
export function WithGridCount<Row>({
  data,
  children,
}: {
  data: GridData<Row>
  children: (count: GridCount | null) => ReactNode
}) {
  if (!data.countLater) {
    return <>{children(data.total === null ? null : { ok: true, total: data.total, pageCount: data.pageCount ?? 1 })}</>
  }
  return (
    <Suspense fallback={children(null)}>
      <Await resolve={data.countLater} errorElement={children(NOT_COUNTED)}>
        {(count) => children(count)}
      </Await>
    </Suspense>
  )
}
