import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { refused, requireWebScreen } from '../web/web-screen.server'
import { loadWebGrid } from '../web/web-grid.server'
import { groupsForm, readForm } from '../web/web-forms.server'
import { Field, IntentForm, SubmitButton, WebFormError } from '../web/web-form'
import { webGroupGrid } from '../grid/web-lists'
import { webGroupSource } from '../grid/web-lists.server'
import { redirectWithFlash } from '../guards/screen.server'
import { DataGrid } from '../ui/grid/data-grid'
import { gridClientLoader } from '../ui/grid/client-loader'
import { withCustomer } from '../ui/customer-href'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { webPath } from '../web/web-paths'
import { webPageName } from '../web/web-titles'

export const meta = screenMeta(webPageName('Groups'))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webGroups')
  const grid = await loadWebGrid(request, screen, webGroupGrid, webGroupSource(screen.api, screen.customerNumber))
  return { grid, customerNumber: screen.customerNumber, viewOnly: screen.viewOnly, href: screen.href('groups') }
}

export const clientLoader = gridClientLoader(webGroupGrid)

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webGroups')
  const submission = readForm(await request.formData(), groupsForm)
  if (submission.status !== 'success') {
    return data({ intent: 'create', result: submission.reply(), confirmation: null }, { status: 400 })
  }
  const { name, description } = submission.value
  const reply = await screen.calls.addGroup(screen.customerNumber, name, description)
  if (reply.status !== 'SUCCESS') return refused('create', (errors) => submission.reply(errors), reply)
  return redirectWithFlash(screen.session, context, screen.href('groups', reply.data.name), {
    type: 'success',
    message: `The group ${reply.data.name} has been created.`,
  })
}

export default function WebGroupsRoute() {
  const { grid, customerNumber, viewOnly, href } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Groups
      </h1>
      <p className="text-sm text-gray-700">
        A group gives a licence to all its members at once. Open a group to change its members or its name.
      </p>
      <WebFormError />
      <DataGrid
        spec={webGroupGrid}
        data={grid}
        label="Web groups"
        noun="groups"
        loadingText="Getting Groups..."
        emptyText="This customer has no web groups."
        customerNumber={customerNumber}
        rowKey={(row) => row.id}
        cells={{
          name: (row) => (
            <Link to={withCustomer(webPath('groups', row.name), customerNumber)} className="font-medium">
              {row.name}
            </Link>
          ),
        }}
      />
      {viewOnly ? null : (
        <IntentForm
          intent="create"
          action={href}
          className="max-w-xl space-y-3 rounded border border-gray-300 bg-white p-4"
        >
          <h2 className="text-lg font-semibold">Create a Group</h2>
          <Field intent="create" name="name" label="Name" hint="Unique among the customer’s groups, ignoring case." />
          <Field intent="create" name="description" label="Description (optional)" />
          <SubmitButton>Create Group</SubmitButton>
        </IntentForm>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
