import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from '@remix-run/react'
import { DialogTitle } from '@headlessui/react'
import { useState } from 'react'
import { commitSession } from '../auth/session.server'
import { forgetFeatures } from '../request/context.server'
import { requireScreen } from '../guards/screen.server'
import { parseFeatureFlagsForm } from '../settings/feature-flags-form.server'
import { featurePanelVisible, flagSelectionError, type FeatureFlag } from '../domain/feature-flags'
import { safeReturnTo } from '../auth/return-to'
import { useHydrated } from '../ui/use-hydrated'
import { RouteErrorPage } from '../ui/error-page'
import { failureStatus } from '../api-client/envelope'
import { CenteredModal } from '../ui/modal-dialog'
import { screenMeta } from '../ui/screen-meta'
import { screenTitle } from '../screens/registry'

export const meta = screenMeta(screenTitle('features'))

/** The guard, then the screen's own rule: the dialog exists outside production only. */
async function loadFlags(request: Request, context: LoaderFunctionArgs['context']) {
  const { api, session } = await requireScreen(request, context, 'features')
  const [env, features] = await Promise.all([api.getEnvironment(), api.getFeatures()])
  const environment = env.status === 'SUCCESS' ? env.data : 'prod'
  if (!featurePanelVisible(environment))
    throw new Response('Feature flags can be changed only outside production.', { status: 404 })
  return { api, session, features: features.status === 'SUCCESS' ? features.data : [] }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { features } = await loadFlags(request, context)
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'))
  return { features, returnTo }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, session, features } = await loadFlags(request, context)
  const submission = parseFeatureFlagsForm(await request.formData())
  if (submission.status !== 'success') {
    return data({ error: 'The form could not be read. Please try again.' }, { status: 400 })
  }
  const { intent, returnTo } = submission.value
  const selected = intent === 'clear' ? [] : submission.value.features
  const unknown = selected.filter((name) => !features.some((f) => f.name === name))
  if (unknown.length) return data({ error: `Unknown feature: ${unknown.join(', ')}.`, selected }, { status: 400 })
  const conflict = flagSelectionError(selected, features)
  if (conflict) return data({ error: conflict, selected }, { status: 400 })

  const reply = await api.setFeatures(selected)
  if (reply.status !== 'SUCCESS') return data({ error: reply.err, selected }, { status: failureStatus(reply) })

  forgetFeatures(session)
  session.set('flash', {
    type: 'success',
    message: selected.length ? `Feature flags applied: ${selected.join(', ')}.` : 'All feature flags are cleared.',
  })
  return redirect(safeReturnTo(returnTo), { headers: { 'Set-Cookie': await commitSession(session, context) } })
}

export default function FeatureFlagsRoute() {
  const { features, returnTo } = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const location = useLocation()
  const [open, setOpen] = useState(true)
  // Closes at once, while the page it returns to loads.
  const close = () => {
    setOpen(false)
    navigate(returnTo)
  }
  if (!hydrated) {
    return (
      <section aria-labelledby="flags-title" className="max-w-2xl rounded border border-gray-300 bg-white p-6">
        <FeatureFlagsForm features={features} returnTo={returnTo} />
      </section>
    )
  }
  // The shell stays visible behind the modal but out of reach of keyboard and assistive technology.
  return (
    <CenteredModal open={open} onClose={close} panelClassName="w-full max-w-2xl rounded bg-white p-6 shadow-xl">
      <FeatureFlagsForm
        key={location.key}
        features={features}
        returnTo={returnTo}
        onCancel={close}
        titleAs={DialogTitle}
      />
    </CenteredModal>
  )
}

function FeatureFlagsForm({
  features,
  returnTo,
  onCancel,
  titleAs: Title = 'h1',
}: {
  features: FeatureFlag[]
  returnTo: string
  onCancel?: () => void
  titleAs?: React.ElementType
}) {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const submitted = actionData && 'selected' in actionData ? (actionData.selected as string[]) : null
  const [selected, setSelected] = useState<string[]>(submitted ?? features.filter((f) => f.enabled).map((f) => f.name))
  const liveError = flagSelectionError(selected, features)
  const error = liveError ?? (actionData && 'error' in actionData ? actionData.error : null)
  const busy = navigation.state === 'submitting'
  return (
    <Form method="post" className="space-y-4" aria-describedby={error ? 'flags-error' : undefined}>
      <Title id="flags-title" className="text-xl font-semibold">
        Enabled Feature Flags
      </Title>
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset className="space-y-3">
        <legend className="sr-only">Feature flags</legend>
        {features.map((feature) => (
          <label key={feature.name} className="flex items-start gap-3">
            <input
              type="checkbox"
              name="features"
              value={feature.name}
              className="mt-1 h-4 w-4"
              checked={selected.includes(feature.name)}
              onChange={(event) =>
                setSelected((current) =>
                  event.target.checked ? [...current, feature.name] : current.filter((n) => n !== feature.name),
                )
              }
            />
            <span>
              <span className="block font-medium">{feature.name}</span>
              <span className="block text-sm text-gray-700">{feature.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id="flags-error" role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" name="intent" value="apply" className="btn-primary" disabled={Boolean(liveError) || busy}>
          Apply
        </button>
        <button type="submit" name="intent" value="clear" className="btn-secondary" disabled={busy}>
          Clear
        </button>
        {onCancel ? (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : (
          <Link to={returnTo} className="btn-secondary">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  )
}

export const ErrorBoundary = RouteErrorPage
