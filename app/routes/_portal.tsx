import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { lazy, Suspense, useRef } from 'react'
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from '@remix-run/react'
import { loadPortalContext } from '../request/context.server'
import { compactNav, expandNav, navigationGroups } from '../screens/navigation'
import { breadcrumbs } from '../screens/breadcrumbs'
import { screenPath } from '../screens/registry'
import { initials, roleLabel } from '../domain/permissions'
import { featurePanelVisible, routeAllowedByFlags } from '../domain/feature-flags'
import { SERVICE_UNAVAILABLE_MESSAGE } from '../view/service-status'
import { PortalLink, useLinkNavigation } from '../ui/portal-link'
import { withCustomer } from '../ui/customer-href'
import { cached } from '../request/process-cache.server'
import { CustomerSearch } from '../ui/shell/customer-search'
import { AskBox } from '../ui/shell/ask-box'
import { useAskConversation } from '../ui/ask/use-ask-conversation'
import { ToolbarMenu } from '../ui/shell/menu'
import { SideNav } from '../ui/shell/side-nav'
import { NavBackdrop, NavMenuControl, useNavDrawer } from '../ui/shell/nav-drawer'
import { Breadcrumbs } from '../ui/shell/breadcrumbs'
import { FlashPanel } from '../ui/shell/flash-panel'
import { Footer } from '../ui/shell/footer'
import { LoadingOverlay } from '../ui/shell/loading-overlay'
import { ErrorPage, RouteErrorPage } from '../ui/error-page'
import { AlertsBadge, AlertsBanner } from '../ui/alerts/banner'
import { helpArticle } from '../help/articles.server'

// Headless UI's Dialog and the answers' rendering load when the panel first opens, not with every page.
const AskPanel = lazy(() => import('../ui/ask/ask-panel').then((module) => ({ default: module.AskPanel })))

/**
 * The shell: the user, the selected customer, navigation, alerts, flash. Each
 * screen applies its own rules in its own loader and action (app/guards/screen.server.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const portal = await loadPortalContext(request, context)
  const url = new URL(request.url)
  const { user, info, customerNumber, features } = portal

  const enabledPaths = (features ?? []).filter((f) => f.enabled && f.path).map((f) => f.path as string)
  const nav = navigationGroups(user, info, enabledPaths)
    .map((group) => ({ ...group, items: group.items.filter((item) => routeAllowedByFlags(item.path, features)) }))
    .filter((group) => group.items.length > 0)

  const buildInfo = await cached('buildInfo', 5 * 60_000, async () => {
    const reply = await portal.api.getBuildInfo()
    if (reply.status === 'SUCCESS') return String(reply.data)
    console.error('Could not get build info.')
    return reply.unavailable ? undefined : ''
  })
  const { config } = context
  return data(
    {
      user: { email: user.email, name: user.name },
      initials: initials(user),
      roleLabel: roleLabel(user, info),
      customer: info ? { AccountID: info.customerNumber, AccountName: info.customerName } : null,
      customerNumber,
      nav: compactNav(nav),
      breadcrumbs: breadcrumbs(url.pathname, { helpArticle: (slug) => helpArticle(slug)?.title }),
      featurePanel: featurePanelVisible(portal.environment),
      featuresAvailable: (features ?? []).length > 0,
      flash: portal.flash,
      alertsBanner: portal.alertsBanner,
      links: {
        documentation: config.documentationUrl,
        support: config.supportUrl,
        profile: config.profileUrl,
        privacy: config.privacyUrl,
      },
      buildInfo: buildInfo ?? '',
      year: new Date().getFullYear(),
      unavailable: portal.unavailable,
    },
    {
      status: portal.unavailable ? 503 : 200,
      headers: portal.setCookie ? { 'Set-Cookie': portal.setCookie } : undefined,
    },
  )
}

export type PortalLoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function PortalLayout() {
  const shell = useLoaderData<typeof loader>()
  return (
    <Shell shell={shell}>
      {shell.flash ? <FlashPanel type={shell.flash.type} message={shell.flash.message} /> : null}
      {shell.unavailable ? (
        // Without the customer the screen cannot be shown; the shell still can.
        <ErrorPage status={503} error={SERVICE_UNAVAILABLE_MESSAGE} />
      ) : (
        <Outlet />
      )}
    </Shell>
  )
}

function Shell({ shell, children }: { shell: PortalLoaderData; children: React.ReactNode }) {
  const location = useLocation()
  const followLink = useLinkNavigation()
  const featuresHref = withCustomer(
    `${screenPath('features')}?returnTo=${encodeURIComponent(location.pathname + location.search)}`,
    shell.customerNumber,
  )
  const drawer = useNavDrawer()
  // The shell stays while the user moves between screens, so the conversation lives here.
  const conversation = useAskConversation(shell.customerNumber)
  const askInput = useRef<HTMLInputElement>(null)
  return (
    // Clicks on the shell's links bubble here (see PortalLink); the links themselves stay plain anchors, so
    // keyboard activation is theirs (Enter on a link is a click that reaches this handler too).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div id="shell" className="flex min-h-screen flex-col" onClick={followLink}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="flex flex-wrap items-center gap-x-1 gap-y-2 bg-brand-900 px-3 py-2 text-white sm:gap-x-3 sm:px-4">
        <NavMenuControl drawer={drawer} />
        <PortalLink
          to={withCustomer(screenPath('home'), shell.customerNumber)}
          className="mr-auto text-base font-semibold sm:text-lg text-white no-underline"
        >
          Licensing Portal
        </PortalLink>
        <div className="shell-search">
          <CustomerSearch key={shell.customerNumber ?? 'none'} current={shell.customer} />
        </div>
        <div className="shell-search shell-ask">
          <AskBox
            customerNumber={shell.customerNumber}
            onAsk={conversation.ask}
            onShow={conversation.turns.length > 0 ? conversation.show : undefined}
            inputRef={askInput}
          />
        </div>
        <AlertsBadge banner={shell.alertsBanner} customerNumber={shell.customerNumber} />
        <ToolbarMenu
          label="Help"
          buttonContent={<span>Help</span>}
          entries={[
            { label: 'Help articles', href: withCustomer(screenPath('help'), shell.customerNumber) },
            { label: 'Documentation', href: shell.links.documentation, external: true },
            { label: 'Get support', href: shell.links.support, external: true },
          ]}
        />
        <ToolbarMenu
          label={`User menu for ${shell.user.email}`}
          buttonContent={
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-white font-semibold text-brand-900">
              {shell.initials}
            </span>
          }
          header={
            <div className="border-b border-gray-200 px-3 py-2">
              <p className="font-semibold">{shell.user.name}</p>
              <p data-testid="role-label">{shell.roleLabel}</p>
              <p className="text-gray-700">{shell.user.email}</p>
            </div>
          }
          entries={[
            ...(shell.links.profile ? [{ label: 'Manage account', href: shell.links.profile, external: true }] : []),
            { label: 'Sign Out', formAction: '/auth/logout' },
          ]}
        />
      </header>
      <AlertsBanner banner={shell.alertsBanner} customerNumber={shell.customerNumber} />
      <div className="flex flex-1">
        <SideNav
          drawer={drawer}
          groups={expandNav(shell.nav)}
          customerNumber={shell.customerNumber}
          featuresButton={
            shell.featurePanel ? (
              shell.featuresAvailable ? (
                <PortalLink to={featuresHref} className="btn-secondary w-full justify-center">
                  Settings &gt; Features
                </PortalLink>
              ) : (
                <button type="button" className="btn-secondary w-full justify-center" disabled>
                  Settings &gt; Features
                </button>
              )
            ) : null
          }
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" className="flex-1 p-4 sm:p-6">
            <Breadcrumbs items={shell.breadcrumbs} customerNumber={shell.customerNumber} />
            {children}
          </main>
          <Footer buildInfo={shell.buildInfo} privacyUrl={shell.links.privacy} year={shell.year} />
        </div>
      </div>
      <NavBackdrop drawer={drawer} />
      <LoadingOverlay />
      {conversation.open ? (
        <Suspense fallback={null}>
          <AskPanel
            conversation={conversation}
            customerName={shell.customer?.AccountName ?? null}
            // After Headless UI has put the focus back where it was when the panel opened.
            onClosed={() => requestAnimationFrame(() => askInput.current?.focus())}
          />
        </Suspense>
      ) : null}
    </div>
  )
}

/**
 * The shell's own loader failed, so there is no shell to show: a plain page. (A
 * screen's refusals and errors render in the screen's boundary, inside the shell.)
 */
export function ErrorBoundary() {
  const shell = useRouteLoaderData<typeof loader>('routes/_portal')
  if (shell) {
    return (
      <Shell shell={shell}>
        <RouteErrorPage />
      </Shell>
    )
  }
  return (
    <main className="mx-auto max-w-2xl p-8">
      <RouteErrorPage />
    </main>
  )
}
