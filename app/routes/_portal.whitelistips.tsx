/**
 * Elastic IP Settings (spec 1 sections 2.8, 4 and 5): the IP allow-list of the
 * customer's first activated elastic licence server. Rows are added and removed with
 * conform's list intents, so the whole screen works as plain HTML forms.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { getFormProps, getInputProps, useForm, type FieldMetadata } from '@conform-to/react'
import {
  parseSavedRules,
  sameRules,
  whitelistBanner,
  whitelistControls,
  whitelistFormSchema,
  type WhitelistRule,
} from '../domain/ip-rules'
import { permissionDenied } from '../api-client/elastic.server'
import { redirectWithFlash, requireElasticScreen } from '../guards/screen.server'
import { parseWithZod } from '../request/parse-form.server'
import { FlashPanel } from '../ui/shell/flash-panel'
import { UnsavedChangesGuard } from '../ui/unsaved-changes'
import { useHydrated } from '../ui/use-hydrated'
import { parseWithSchema } from '../ui/parse-with-schema'
import { RestrictionBanner } from '../ui/restriction-banner'
import { EditableList, EditableListCell, EditableListRow } from '../ui/editable-list'
import { STALE_FORM_MESSAGE } from '../domain/saved-list'
import { RouteErrorPage } from '../ui/error-page'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle } from '../screens/registry'
import { failureStatus } from '../api-client/envelope'

export const meta = screenMeta(screenTitle('elasticIpSettings'))

async function firstServer(screen: Awaited<ReturnType<typeof requireElasticScreen>>) {
  const reply = await screen.calls.firstServer(screen.customerNumber, screen.info.customerName)
  // Spec 1 section 8: a failure reading the IP settings goes to /nopermissions.
  if (reply.status !== 'SUCCESS') throw permissionDenied(screen.customerNumber)
  return reply.data
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const screen = await requireElasticScreen(request, context, 'elasticIpSettings')
  const server = await firstServer(screen)
  if (!server) return { server: null, whitelist: [], viewOnly: screen.viewOnly, href: screen.href }
  const ips = await screen.calls.getIps(screen.customerNumber, server.deviceId)
  if (ips.status !== 'SUCCESS') throw permissionDenied(screen.customerNumber)
  return { server, whitelist: ips.data.whitelist ?? [], viewOnly: screen.viewOnly, href: screen.href }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const screen = await requireElasticScreen(request, context, 'elasticIpSettings')
  const submission = parseWithZod(await request.formData(), { schema: whitelistFormSchema })
  // Add Rule and Remove (list intents) and invalid rules re-render the form.
  if (submission.status !== 'success') {
    return data({ result: submission.reply() }, { status: submission.status === 'error' ? 400 : 200 })
  }
  const server = await firstServer(screen)
  if (!server) throw redirect(screen.href)
  const { rules, baseline } = submission.value
  const startedFrom = parseSavedRules(baseline)
  // Without the list the form started from, a save could overwrite someone else's unseen.
  if (!startedFrom) return data({ result: submission.reply({ formErrors: [STALE_FORM_MESSAGE] }) }, { status: 400 })
  if (sameRules(rules, startedFrom)) {
    return redirectWithFlash(screen.session, context, screen.href, { type: 'warning', message: 'No changes to save.' })
  }
  const reply = await screen.calls.setIps(screen.customerNumber, server.deviceId, rules, startedFrom)
  if (reply.status !== 'SUCCESS') {
    // Spec 1 section 8: the err is shown as an error banner.
    return data({ result: submission.reply({ formErrors: [reply.err] }) }, { status: failureStatus(reply) })
  }
  return redirectWithFlash(screen.session, context, screen.href, {
    type: 'success',
    message: 'The IP whitelist has been saved.',
  })
}

export default function WhitelistIpsRoute() {
  const { server, whitelist, viewOnly, href } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="page-title" className="max-w-4xl space-y-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        Elastic IP Settings
      </h1>
      {server ? (
        // A new saved list (after a save) starts a fresh form.
        <WhitelistForm
          key={JSON.stringify(whitelist)}
          server={server}
          saved={whitelist}
          viewOnly={viewOnly}
          href={href}
        />
      ) : (
        <p className="rounded border border-gray-300 bg-white p-4">
          This customer has no activated Elastic License Server, so there is no IP whitelist to manage.
        </p>
      )}
    </section>
  )
}

function WhitelistForm({
  server,
  saved,
  viewOnly,
  href,
}: {
  server: { deviceId: string; alias: string }
  saved: WhitelistRule[]
  viewOnly: boolean
  href: string
}) {
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm({
    id: 'whitelist',
    lastResult: actionData?.result,
    defaultValue: { baseline: JSON.stringify(saved), rules: saved },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithSchema(formData, whitelistFormSchema),
  })
  const startedFrom = parseSavedRules(fields.baseline.value ?? fields.baseline.initialValue) ?? saved
  const current = ((form.value?.rules ?? []) as (Partial<WhitelistRule> | undefined)[]).map((r) => r ?? {})
  const controls = whitelistControls(current, startedFrom, viewOnly)
  // Without JavaScript the buttons cannot follow the edits; the server applies the same rules.
  const canSave = hydrated ? controls.canSave : !viewOnly
  const formError = form.errors?.[0]

  return (
    <>
      <div className="space-y-2 rounded border border-gray-300 bg-white p-4">
        <p>
          Only requests from the addresses below may use your Elastic License Server{' '}
          <strong className="break-all">{server.deviceId}</strong> ({server.alias}). When the list is empty, any address
          is accepted.
        </p>
        <p>IPv4 and IPv6 explicit addresses and CIDR notation such as 203.0.113.7/32 are supported.</p>
      </div>
      <RestrictionBanner restricts={saved.length > 0} testId="whitelist-banner">
        {whitelistBanner(saved)}
      </RestrictionBanner>
      {viewOnly ? (
        <p className="text-sm text-gray-700">You have view-only access: the IP whitelist cannot be changed.</p>
      ) : null}
      {formError ? <FlashPanel key={formError} type="error" message={formError} /> : null}

      <Form method="post" action={href} {...getFormProps(form)} className="space-y-3">
        <input {...getInputProps(fields.baseline, { type: 'hidden' })} key={fields.baseline.key} />
        {/* Enter in a field submits the form's first button: make that Save, not a row's Remove. */}
        <button type="submit" hidden tabIndex={-1} disabled={!canSave || busy} />
        <EditableList
          form={form}
          list={fields.rules}
          renderRow={(row, index, removeButton) => (
            <RuleRow row={row} index={index} disabled={viewOnly} removeButton={removeButton} />
          )}
          caption="IP whitelist rules"
          columns={['Rule Name', 'IP Address']}
          emptyText="No rules."
          add={{ label: 'Add Rule', newRow: { rulename: '', ipaddress: '' }, disabled: viewOnly }}
        >
          <button type="submit" className="btn-primary" disabled={!canSave || busy}>
            Save
          </button>
          {hydrated || viewOnly ? (
            <button
              type="button"
              className="btn-link"
              disabled={viewOnly || !controls.canCancel}
              onClick={() => form.reset()}
            >
              Cancel
            </button>
          ) : (
            <Link to={href} className="btn-link">
              Cancel
            </Link>
          )}
        </EditableList>
      </Form>
      <UnsavedChangesGuard when={hydrated && !viewOnly && controls.changed} />
    </>
  )
}

function RuleRow({
  row,
  index,
  disabled,
  removeButton,
}: {
  row: FieldMetadata<WhitelistRule>
  index: number
  disabled: boolean
  removeButton: React.ButtonHTMLAttributes<HTMLButtonElement>
}) {
  const { rulename, ipaddress } = row.getFieldset()
  const cell = (field: typeof rulename, label: string, placeholder: string) => (
    <EditableListCell
      inputId={field.id}
      label={`${label}, row ${index + 1}`}
      errorId={field.errorId}
      errors={field.errors}
    >
      <input
        {...getInputProps(field, { type: 'text' })}
        key={field.key}
        className="input w-full aria-[invalid=true]:border-red-700"
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
      />
    </EditableListCell>
  )
  return (
    <EditableListRow removeLabel={`Remove rule ${index + 1}`} removeButton={removeButton} removeDisabled={disabled}>
      {cell(rulename, 'Rule name', 'e.g. Head office')}
      {cell(ipaddress, 'IP address', 'e.g. 203.0.113.0/24')}
    </EditableListRow>
  )
}

export const ErrorBoundary = RouteErrorPage
