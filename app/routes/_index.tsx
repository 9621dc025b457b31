import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

/** '/' opens Elastic Licensing (spec 1 section 2.1), keeping the customer. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  return redirect(`/elastic${url.search}`)
}
