import type { AlertDetails } from '../../domain/alerts'
import { AlertIcon, ExternalIcon } from './icons'
import { CATEGORY_ICON_LABEL, CATEGORY_STYLE } from './category-style'

/** The View Alert content (spec 1 section 2.11). */
export function AlertDetailsView({ alert }: { alert: AlertDetails }) {
  const style = CATEGORY_STYLE[alert.category]
  const resolved = alert.status === 'RESOLVED'
  return (
    <article aria-labelledby="alert-title" className={`space-y-4 rounded border-l-4 p-5 ${style.panel}`}>
      <div className="flex flex-wrap items-center gap-2">
        <AlertIcon icon={alert.icon} label={CATEGORY_ICON_LABEL[alert.category]} className={`h-7 w-7 ${style.icon}`} />
        <h2 id="alert-title" className="text-xl font-semibold">
          {alert.title}
        </h2>
      </div>
      <p>
        <span className="font-semibold" data-testid="alert-category">
          {alert.categoryTitle}
        </span>
        {alert.services ? (
          <>
            {' · '}
            <span data-testid="alert-services">{alert.services}</span>
          </>
        ) : null}
        {' · '}
        <span data-testid="alert-age">{alert.age}</span>
        {resolved ? ' · Resolved' : null}
      </p>
      <p data-testid="alert-description">{alert.description}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
        <dt className="font-medium">Start date</dt>
        <dd>
          <time dateTime={alert.startsAt}>{alert.start}</time>
        </dd>
        {alert.end ? (
          <>
            <dt className="font-medium">{resolved ? 'End' : 'Expected end'}</dt>
            <dd>
              <time dateTime={alert.endsAt ?? undefined}>{alert.end}</time>
            </dd>
            <dt className="font-medium">Duration</dt>
            <dd>{alert.duration}</dd>
          </>
        ) : null}
      </dl>
      <p className="text-sm">Times are in UTC.</p>
      {alert.links.length > 0 ? (
        <ul className="space-y-1">
          {alert.links.map((link) => (
            <li key={link.url}>
              <span>{link.label}: </span>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium underline"
              >
                See More
                <span className="sr-only"> about {link.label} (opens in a new tab)</span>
                <ExternalIcon />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  )
}
