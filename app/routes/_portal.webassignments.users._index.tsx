import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { refused, requireWebScreen } from '../web/web-screen.server'
import { loadWebGrid } from '../web/web-grid.server'
import { readForm, usersForm } from '../web/web-forms.server'
import { readUsersPost } from '../web/users-post.server'
import { Field, IntentForm, SubmitButton, WebFormError } from '../web/web-form'
import { ImportReport, type ImportReportData } from '../web/import-report'
import { webUserGrid } from '../grid/web-lists'
import { webUserSource } from '../grid/web-lists.server'
import { redirectWithFlash } from '../guards/screen.server'
import { WEB_ROLES, webRoleLabel } from '../domain/web-licenses'
import { IMPORT_MESSAGES, MAX_IMPORT_ROWS } from '../domain/web-user-import'
import { DataGrid } from '../ui/grid/data-grid'
import { gridClientLoader } from '../ui/grid/client-loader'
import { withCustomer } from '../ui/customer-href'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { webPath } from '../web/web-paths'
import { webPageName } from '../web/web-titles'

export const meta = screenMeta(webPageName('Users'))

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webUsers')
  const grid = await loadWebGrid(request, screen, webUserGrid, webUserSource(screen.api, screen.customerNumber))
  return { grid, customerNumber: screen.customerNumber, viewOnly: screen.viewOnly, href: screen.href('users') }
}

export const clientLoader = gridClientLoader(webUserGrid)

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await requireWebScreen(request, context, 'webUsers')
  const posted = await readUsersPost(request)
  if (!posted.ok) {
    const result = readForm(importOnly(), usersForm).reply({ fieldErrors: { file: [IMPORT_MESSAGES.tooLarge] } })
    return data({ intent: 'import', result, confirmation: null, report: null }, { status: 400 })
  }
  const submission = readForm(posted.form, usersForm)
  if (submission.status !== 'success') {
    const intent = String(submission.payload.intent ?? '')
    return data({ intent, result: submission.reply(), confirmation: null, report: null }, { status: 400 })
  }
  const v = submission.value
  const c = screen.customerNumber
  if (v.intent === 'add') {
    const added = await screen.calls.addUser(c, { email: v.email, name: v.name, role: v.role })
    if (added.status !== 'SUCCESS') return refused(v.intent, (errors) => submission.reply(errors), added)
    return redirectWithFlash(screen.session, context, screen.href('users', added.data.email), {
      type: 'success',
      message: `${added.data.name} (${added.data.email}) has been added.`,
    })
  }
  const csv = v.file ? await v.file.text() : (v.csv ?? '')
  if (csv.trim() === '') {
    const result = submission.reply({ fieldErrors: { csv: ['Choose a CSV file or paste its text.'] } })
    return data({ intent: 'import', result, confirmation: null, report: null }, { status: 400 })
  }
  const imported = await screen.calls.importUsers(c, csv)
  if (imported.status !== 'SUCCESS') return refused('import', (errors) => submission.reply(errors), imported)
  const report: ImportReportData = imported.data
  return data({ intent: 'import', result: submission.reply({ resetForm: true }), confirmation: null, report })
}

/** An import's form with nothing read from it, for the answer to an upload too large to read. */
function importOnly() {
  const form = new FormData()
  form.set('intent', 'import')
  return form
}

export default function WebUsersRoute() {
  const { grid, customerNumber, viewOnly, href } = useLoaderData<typeof loader>()
  const report = (useActionData() as { report?: ImportReportData | null } | undefined)?.report
  return (
    <section aria-labelledby="page-title" className="space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Users
      </h1>
      <p className="text-sm text-gray-700">The people who may use this customer’s web licences.</p>
      <WebFormError />
      {report ? <ImportReport report={report} /> : null}
      <DataGrid
        spec={webUserGrid}
        data={grid}
        label="Web users"
        noun="users"
        loadingText="Getting Users..."
        emptyText="This customer has no web users."
        customerNumber={customerNumber}
        rowKey={(row) => row.id}
        cells={{
          name: (row) => (
            <Link to={withCustomer(webPath('users', row.email), customerNumber)} className="font-medium">
              {row.name}
            </Link>
          ),
        }}
      />
      {viewOnly ? null : (
        <div className="grid gap-4 lg:grid-cols-2">
          <IntentForm intent="add" action={href} className="space-y-3 rounded border border-gray-300 bg-white p-4">
            <h2 className="text-lg font-semibold">Add a User</h2>
            <Field intent="add" name="email" label="E-mail" type="email" />
            <Field intent="add" name="name" label="Name" />
            <div className="space-y-1">
              <label htmlFor="add-role" className="block font-medium">
                Role
              </label>
              <select id="add-role" name="role" className="input">
                {WEB_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {webRoleLabel(role)}
                  </option>
                ))}
              </select>
            </div>
            <SubmitButton>Add User</SubmitButton>
          </IntentForm>
          <IntentForm
            intent="import"
            action={href}
            encType="multipart/form-data"
            className="space-y-3 rounded border border-gray-300 bg-white p-4"
          >
            <h2 className="text-lg font-semibold">Import Users from CSV</h2>
            <p className="text-sm text-gray-700">
              Header <code>email,name,role,groups</code>: role and groups are optional, groups separated by ‘;’ and
              created when missing. At most {MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows.
            </p>
            <Field intent="import" name="file" label="CSV file" type="file" accept=".csv,text/csv" />
            <Field intent="import" name="csv" label="Or paste the CSV" type="textarea" />
            <SubmitButton>Import</SubmitButton>
          </IntentForm>
        </div>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorPage
